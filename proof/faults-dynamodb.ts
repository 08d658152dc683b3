import { createServer, type Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../infra/local/dynamodb-local';
import { spawnRuntime, stopRuntime, type SpawnedRuntime } from './spawned-runtime';
import { CarefulClient } from './careful-client';
import { FAULT_KINDS, NO_FAULTS, startFaultProxy, type FaultKind, type FaultRates } from './dynamodb-fault-proxy';

/**
 * Faults (docs/decisions.md, "Proof"): DynamoDB throttling and transaction conflicts, end to end. The embedded default
 * runs with a fault-injecting proxy between its handlers and DynamoDB Local
 * (proof/dynamodb-fault-proxy.ts), and a careful client drives a mix of traffic through the HTTP API:
 * company creates with an Idempotency-Key, sandbox lifecycle triggers, reads and event sweeps,
 * retrying every 429/5xx (and `idempotency_key_in_use`) after its Retry-After, with the same key.
 * Then, with the faults off, it proves that nothing was lost or doubled:
 *
 * - every answer was a success or a valid error envelope, and every 5xx carried Retry-After;
 * - every acknowledged create exists exactly once, with its account, its `company.created` event and
 *   its orders, and no company exists that was not acknowledged; `GET /companies` total equals the
 *   `company.created` total;
 * - every acknowledged lifecycle trigger left its event exactly once (a retried trigger never ran twice);
 * - the log is whole: walked page by page it has `page.total` events, unique ids, `created_at` never
 *   decreasing, and per-type totals that match the walk;
 * - two webhook endpoints registered through the dashboard's JSON face (one for every event, one for
 *   `company.created` only) received every event of the log they take, first deliveries in log order
 *   (repeats only with the same `webhook-id`). The fan-out and signer
 *   handlers read and write through the same faulty DynamoDB; the stream itself is read directly, as
 *   Lambda's event-source mapping (not our code) reads it in AWS.
 */
export interface DynamoFaultOptions {
  localDir: string;
  workers: number;
  /**
   * Writers that only create companies, as fast as they are answered, on the same partner+mode as the
   * mix: a partner's batch import meeting the faults (the event log's contended path).
   */
  burst?: number;
  /** How long the traffic runs with the faults on. */
  seconds: number;
  rates: FaultRates;
  seed?: number;
  /** How long to wait for the webhook endpoint to catch up once the traffic stops. */
  settleMs?: number;
}

export interface DynamoFaultReport {
  seed: number;
  rates: FaultRates;
  /** HTTP requests sent, retries among them, and answers by status. */
  requests: number;
  retries: number;
  statuses: Record<string, number>;
  retried: Record<string, number>;
  /** DynamoDB calls the handlers made, and the faults the proxy answered instead, by kind. */
  dynamodbCalls: number;
  injected: Record<FaultKind, number>;
  acknowledgedCreates: number;
  acknowledgedTriggers: number;
  eventsChecked: number;
  webhookDeliveries: number;
  webhookRepeats: number;
  /** The runtime's ERROR log lines during the run, by message (and error name): informational. */
  errorsLogged: Record<string, number>;
  /** Each of these is a finding; the goal is zero everywhere. */
  malformed: string[];
  gaveUp: string[];
  refused: string[];
  lost: string[];
  duplicated: string[];
  halfWritten: string[];
  logInconsistent: string[];
  undelivered: string[];
  outOfOrder: string[];
}

export function losses(r: DynamoFaultReport): number {
  return (
    r.malformed.length +
    r.gaveUp.length +
    r.refused.length +
    r.lost.length +
    r.duplicated.length +
    r.halfWritten.length +
    r.logInconsistent.length +
    r.undelivered.length +
    r.outOfOrder.length
  );
}

export function summary(r: DynamoFaultReport): string {
  const injected = FAULT_KINDS.map((k) => `${k} ${r.injected[k]}`).join(', ');
  const total = FAULT_KINDS.reduce((n, k) => n + r.injected[k], 0);
  return [
    `rates throttle ${r.rates.throttle}, transaction conflict ${r.rates.transactionConflict}, write conflict ${r.rates.writeConflict} (seed ${r.seed})`,
    `${r.requests} requests (${r.retries} retries after Retry-After), statuses ${JSON.stringify(r.statuses)}`,
    `retried answers: ${
      Object.entries(r.retried)
        .map(([k, n]) => `${k} ×${n}`)
        .join('; ') || 'none'
    }`,
    `${r.dynamodbCalls} DynamoDB calls, ${total} faults injected (${injected})`,
    `${r.acknowledgedCreates} acknowledged creates, ${r.acknowledgedTriggers} acknowledged lifecycle triggers, ${r.eventsChecked} events checked, ${r.webhookDeliveries} webhook deliveries (${r.webhookRepeats} repeats)`,
    `findings: malformed ${r.malformed.length}, gave up ${r.gaveUp.length}, refused ${r.refused.length}, lost ${r.lost.length}, duplicated ${r.duplicated.length}, half-written ${r.halfWritten.length}, log inconsistent ${r.logInconsistent.length}, undelivered ${r.undelivered.length}, out of order ${r.outOfOrder.length}`,
  ].join('\n  ');
}

// ---------------------------------------------------------------------------------------------------
// The traffic

/** The sandbox lifecycle each company walks, then `update` again and again; each leaves its event once. */
const LIFECYCLE: { action: string; body?: unknown; event?: string }[] = [
  { action: 'verify', event: 'company.verified' },
  { action: 'stage', body: { stage: 'documents_generated' } },
  { action: 'stage', body: { stage: 'submitted_to_state' } },
  { action: 'incorporate', event: 'company.incorporated' },
  { action: 'assign-ein', event: 'company.ein.assigned' },
];
const INDUSTRIES = ['software', 'consulting', 'design', 'marketing', 'research', 'retail_wholesale'];

interface Tracked {
  id: string;
  name: string;
  /** Lifecycle steps acknowledged so far (index into LIFECYCLE, then updates). */
  step: number;
  updates: number;
  busy: boolean;
}

type TrafficState = { companies: Tracked[]; acknowledged: Map<string, string>; triggers: number; refused: string[]; creates: number };

async function traffic(client: CarefulClient, state: TrafficState, until: number, createsOnly = false) {
  while (Date.now() < until) {
    const r = createsOnly ? 0 : Math.random();
    const idle = state.companies.filter((c) => !c.busy);
    if (r < 0.35 || idle.length === 0) {
      const idem = randomUUID();
      const n = ++state.creates;
      const name = `Fault ${idem.slice(0, 8).replace(/[^a-z0-9]/gi, 'x')} ${n}`;
      const res = await client.call(
        'POST',
        '/companies',
        {
          name,
          state: 'DE',
          entity_type: 'llc',
          services: ['ein_application'],
          account: { first_name: 'Fault', last_name: 'Test', email: `fault-${n}@example.com` },
        },
        idem,
      );
      if (res?.status === 201) {
        state.acknowledged.set(idem, res.body.id);
        state.companies.push({ id: res.body.id, name, step: 0, updates: 0, busy: false });
      } else if (res) state.refused.push(`POST /companies: ${res.status} ${res.body?.code} ${res.body?.detail ?? ''}`);
    } else if (r < 0.7) {
      const company = idle[Math.floor(Math.random() * idle.length)];
      company.busy = true;
      try {
        const step = LIFECYCLE[company.step];
        const path = `/sandbox/companies/${company.id}/${step ? step.action : 'update'}`;
        const body = step ? (step.body ?? {}) : { industry: INDUSTRIES[company.updates % INDUSTRIES.length] };
        const res = await client.call('POST', path, body, randomUUID());
        if (res?.status === 200) {
          state.triggers++;
          if (step) company.step++;
          else company.updates++;
        } else if (res) state.refused.push(`POST ${path}: ${res.status} ${res.body?.code} ${res.body?.detail ?? ''}`);
      } finally {
        company.busy = false;
      }
    } else if (r < 0.85) {
      const company = state.companies[Math.floor(Math.random() * state.companies.length)];
      await client.call('GET', company ? `/companies/${company.id}` : '/companies?limit=10');
    } else {
      await client.call('GET', `/events?sort=created_at&limit=100`);
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// The run

async function startReceiver(): Promise<{ url: string; ids: string[]; close(): Promise<void> }> {
  const ids: string[] = [];
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      ids.push(String(req.headers['webhook-id']));
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}/hooks`,
    ids,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

export async function dynamodbFaults(options: DynamoFaultOptions): Promise<DynamoFaultReport> {
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const dynamoPort = await freePort();
  const proxy = await startFaultProxy({ upstream: `http://127.0.0.1:${dynamoPort}`, seed });
  // Two endpoints, two FIFO lanes: one takes every event, one only `company.created` (its filter).
  const receivers = [
    { name: 'every event', enabledEvents: undefined as string[] | undefined, ...(await startReceiver()) },
    { name: 'company.created only', enabledEvents: ['company.created'], ...(await startReceiver()) },
  ];
  let runtime: SpawnedRuntime | undefined;
  try {
    runtime = await spawnRuntime({
      localDir: options.localDir,
      port: await freePort(),
      inMemory: true,
      env: { LOCAL_SCHEDULER: 'off', DYNAMODB_PORT: String(dynamoPort), LOCAL_DYNAMODB_VIA: proxy.endpoint, WEBHOOK_HOLD_MS: '200' },
    });
    const c = runtime.credentials;
    const client = new CarefulClient(c.base_url, c.test_key);

    // The endpoints, through the dashboard's JSON face, before any event (faults still off).
    for (const receiver of receivers) {
      const made = await fetch(`${c.dashboard_url}/api/webhook-endpoints`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${c.dashboard_session}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          url: receiver.url,
          livemode: false,
          description: `faults-dynamodb: ${receiver.name}`,
          enabled_events: receiver.enabledEvents,
        }),
      });
      if (made.status !== 201) throw new Error(`webhook endpoint not created: ${made.status} ${await made.text()}`);
    }

    const state = { companies: [] as Tracked[], acknowledged: new Map<string, string>(), triggers: 0, refused: [] as string[], creates: 0 };
    const before = proxy.stats();
    proxy.setRates(options.rates);
    const until = Date.now() + options.seconds * 1000;
    await Promise.all([
      ...Array.from({ length: options.workers }, () => traffic(client, state, until)),
      ...Array.from({ length: options.burst ?? 0 }, () => traffic(client, state, until, true)),
    ]);
    proxy.setRates(NO_FAULTS);
    const after = proxy.stats();
    const trafficRequests = client.requests;
    const trafficRetries = client.retries;
    const statuses = { ...client.statuses };

    const report: DynamoFaultReport = {
      seed,
      rates: options.rates,
      requests: trafficRequests,
      retries: trafficRetries,
      statuses,
      retried: { ...client.retried },
      dynamodbCalls: after.calls - before.calls,
      injected: Object.fromEntries(FAULT_KINDS.map((k) => [k, after.injected[k] - before.injected[k]])) as Record<FaultKind, number>,
      acknowledgedCreates: state.acknowledged.size,
      acknowledgedTriggers: state.triggers,
      eventsChecked: 0,
      webhookDeliveries: 0,
      webhookRepeats: 0,
      errorsLogged: runtime.logged,
      malformed: [...client.malformed],
      gaveUp: [...client.gaveUp],
      refused: state.refused,
      lost: [],
      duplicated: [],
      halfWritten: [],
      logInconsistent: [],
      undelivered: [],
      outOfOrder: [],
    };
    await verify(client, state.companies, report);
    const log = await client.all('/events?sort=created_at');
    const settleUntil = Date.now() + (options.settleMs ?? 60_000);
    for (const receiver of receivers) {
      const wanted = log.filter((e) => !receiver.enabledEvents || receiver.enabledEvents.includes(e.type)).map((e) => e.id as string);
      await verifyDeliveries(receiver.name, wanted, receiver.ids, report, settleUntil);
    }
    return report;
  } finally {
    if (runtime) await stopRuntime(runtime);
    for (const receiver of receivers) await receiver.close();
    await proxy.close();
  }
}

/** The state after the storm, read with the faults off. */
async function verify(client: CarefulClient, companies: Tracked[], report: DynamoFaultReport): Promise<void> {
  const listed = await client.all('/companies');
  const listedIds = new Set(listed.map((c) => c.id as string));
  const acknowledged = new Set(companies.map((c) => c.id));
  const names = new Map<string, number>();
  for (const c of listed) names.set(c.name, (names.get(c.name) ?? 0) + 1);
  for (const [name, n] of names) if (n > 1) report.duplicated.push(`${n} companies named ${name}`);
  for (const id of listedIds) if (!acknowledged.has(id)) report.duplicated.push(`${id} exists but no create was acknowledged for it`);

  const events = await client.all('/events?sort=created_at');
  report.eventsChecked = events.length;
  const byCompany = new Map<string, Map<string, number>>();
  for (const e of events) {
    const companyId = e.company_id as string | undefined;
    if (!companyId) continue;
    const types = byCompany.get(companyId) ?? new Map<string, number>();
    types.set(e.type, (types.get(e.type) ?? 0) + 1);
    byCompany.set(companyId, types);
  }

  for (const company of companies) {
    if (!listedIds.has(company.id)) report.lost.push(`${company.id} (acknowledged) is not listed`);
    const one = await client.call('GET', `/companies/${company.id}`);
    if (one?.status !== 200) {
      report.lost.push(`${company.id}: GET answered ${one?.status}`);
      continue;
    }
    const account = await client.call('GET', `/accounts/${one.body.account_id}`);
    if (account?.status !== 200) report.halfWritten.push(`${company.id}: its account ${one.body.account_id} answered ${account?.status}`);
    const orders = await client.call('GET', `/companies/${company.id}/service-orders`);
    if (orders?.status !== 200 || orders.body.items.length < 2)
      report.halfWritten.push(`${company.id}: ${orders?.body?.items?.length ?? 'no'} service orders`);
    const types = byCompany.get(company.id) ?? new Map<string, number>();
    const expect = (type: string, n: number) => {
      const got = types.get(type) ?? 0;
      if (got !== n) (got > n ? report.duplicated : report.halfWritten).push(`${company.id}: ${got} × ${type}, expected ${n}`);
    };
    expect('company.created', 1);
    for (const [i, step] of LIFECYCLE.entries()) if (step.event) expect(step.event, company.step > i ? 1 : 0);
    expect('company.updated', company.updates);
  }

  // Totals: companies against their creation events, the log against its own walk.
  const companyTotal = await client.total('/companies');
  const createdTotal = await client.total('/events?type=company.created');
  if (companyTotal !== createdTotal)
    report.halfWritten.push(`GET /companies total ${companyTotal} ≠ company.created total ${createdTotal}`);
  if (companyTotal !== listed.length) report.logInconsistent.push(`GET /companies total ${companyTotal} ≠ ${listed.length} listed`);
  const eventTotal = await client.total('/events');
  if (eventTotal !== events.length) report.logInconsistent.push(`GET /events total ${eventTotal} ≠ ${events.length} walked`);
  const ids = new Set<string>();
  let previous = '';
  for (const e of events) {
    if (ids.has(e.id)) report.logInconsistent.push(`event ${e.id} listed twice`);
    ids.add(e.id);
    if (e.created_at < previous) report.logInconsistent.push(`event ${e.id} created_at ${e.created_at} before ${previous}`);
    previous = e.created_at;
  }
  const perType = new Map<string, number>();
  for (const e of events) perType.set(e.type, (perType.get(e.type) ?? 0) + 1);
  for (const [type, n] of perType) {
    const total = await client.total(`/events?type=${encodeURIComponent(type)}`);
    if (total !== n) report.logInconsistent.push(`${type}: page.total ${total} ≠ ${n} walked`);
  }
}

/** Every event of the log the endpoint takes (`log`, oldest first) reached it; first deliveries in log order. */
async function verifyDeliveries(
  endpoint: string,
  log: string[],
  received: string[],
  report: DynamoFaultReport,
  deadline: number,
): Promise<void> {
  let seen = new Set(received);
  while (log.some((id) => !seen.has(id)) && Date.now() < deadline) {
    await sleep(250);
    seen = new Set(received);
  }
  seen = new Set(received);
  report.webhookDeliveries += received.length;
  report.webhookRepeats += received.length - seen.size;
  for (const id of log) if (!seen.has(id)) report.undelivered.push(`${endpoint}: ${id}`);
  const logged = new Set(log);
  for (const id of seen)
    if (!logged.has(id)) report.outOfOrder.push(`${endpoint}: ${id} delivered but not in the log (or not in its filter)`);
  const first: string[] = [];
  const taken = new Set<string>();
  for (const id of received)
    if (!taken.has(id)) {
      taken.add(id);
      first.push(id);
    }
  const position = new Map(log.map((id, i) => [id, i]));
  for (let i = 1; i < first.length; i++) {
    if ((position.get(first[i]) ?? -1) < (position.get(first[i - 1]) ?? -1))
      report.outOfOrder.push(`${endpoint}: ${first[i]} first delivered after ${first[i - 1]}, a later event`);
  }
}

/**
 * The full form for `npm run faults`: one round per fault level, each on a fresh runtime, with its
 * report printed and the figures recorded in bench/proof/faults-dynamodb.md (for bench/report.md).
 * True when any round found a loss.
 */
export async function dynamodbFaultRounds(options: {
  workers: number;
  burst: number;
  seconds: number;
  localDir: () => string;
}): Promise<boolean> {
  const levels: FaultRates[] = [
    { throttle: 0.05, transactionConflict: 0.1, writeConflict: 0.02 },
    { throttle: 0.1, transactionConflict: 0.2, writeConflict: 0.05 },
    { throttle: 0.15, transactionConflict: 0.3, writeConflict: 0.1 },
  ];
  let failed = false;
  const rows: string[] = [];
  for (const [i, rates] of levels.entries()) {
    const report = await dynamodbFaults({
      localDir: options.localDir(),
      workers: options.workers,
      burst: options.burst,
      seconds: options.seconds,
      rates,
    });
    const injected = FAULT_KINDS.map((k) => report.injected[k]);
    rows.push(
      `| ${rates.throttle} / ${rates.transactionConflict} / ${rates.writeConflict} | ${report.requests} (${report.retries}) | ${report.dynamodbCalls} | ${injected.reduce((a, b) => a + b, 0)} (${injected.join(' / ')}) | ${report.acknowledgedCreates} | ${report.acknowledgedTriggers} | ${report.eventsChecked} | ${report.webhookDeliveries} (${report.webhookRepeats}) | ${losses(report)} |`,
    );
    console.log(`dynamodb faults, round ${i + 1}:\n  ${summary(report)}`);
    for (const [kind, list] of Object.entries({
      malformed: report.malformed,
      gaveUp: report.gaveUp,
      refused: report.refused,
      lost: report.lost,
      duplicated: report.duplicated,
      halfWritten: report.halfWritten,
      logInconsistent: report.logInconsistent,
      undelivered: report.undelivered,
      outOfOrder: report.outOfOrder,
    })) {
      for (const line of list.slice(0, 20)) console.log(`  ${kind}: ${line}`);
    }
    failed ||= losses(report) > 0;
  }
  // Loaded here, not at the top: bench/proof-runs.ts reads import.meta, which the jest (CommonJS) short form cannot.
  const { recordProofRun } = await import('../bench/proof-runs');
  recordProofRun(
    'faults-dynamodb',
    `npm run faults (DynamoDB rounds, --workers ${options.workers} --burst ${options.burst} --dynamodb-seconds ${options.seconds})`,
    [
      `DynamoDB throttling and transaction conflicts injected by proof/dynamodb-fault-proxy.ts, while ${options.workers} clients run the traffic mix and ${options.burst} more only create companies (a burst on the same partner+mode); a careful client retries every 429/5xx after its Retry-After with the same Idempotency-Key; checks with the faults off.`,
      '',
      '| rates: throttle / tx conflict / write conflict | requests (retries) | DynamoDB calls | faults injected (throughput / throttling / tx conflict / write conflict) | creates acknowledged | triggers acknowledged | events checked | webhook deliveries (repeats) | findings |',
      '|---|---|---|---|---|---|---|---|---|',
      ...rows,
    ].join('\n'),
  );
  return failed;
}
