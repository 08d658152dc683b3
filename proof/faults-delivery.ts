import { randomInt, randomUUID } from 'node:crypto';
import { storeClient, GetCommand, QueryCommand } from '../lib/store/dynamodb';
import { localQueuePartition, webhookLaneKey } from '../lib/store/keys';
import { laneShardFor } from '../lib/webhooks/lane-shards';
import { localLaneQueueNames } from '../infra/local/webhook-pipeline';
import { exited, spawnRuntime, type SpawnedRuntime as Runtime } from './spawned-runtime';
import { receiverDownForADay } from './faults-delivery-outage';
import {
  checkEndpoint,
  readLog,
  registerEndpoint,
  steppedUpSession,
  startProofReceiver,
  waitForDeliveries,
  type EndpointFigures,
  type LogEntry,
  type ProofEndpoint,
} from './webhook-receivers';

/**
 * Faults (docs/decisions.md, "Proof"): the local runtime killed outright (SIGKILL) while webhooks are being delivered,
 * then restarted on the same data (DynamoDB Local's files hold the log, the lanes' cursors, the stream
 * poller's checkpoints and the FIFO stand-in's messages). Afterwards every event of the log reached
 * every endpoint of its mode and filter, first deliveries in the log's order, repeats only of an
 * event already delivered and under its own `webhook-id`, every signature valid.
 *
 * Events keep coming while the runtime dies (company creates with live and test keys, sandbox
 * triggers); the last kill comes right after the traffic stops, so the events at the end of the log
 * have no later event whose delivery would fill them in: they must survive on their own.
 */
export interface DeliveryCrashReport {
  kills: number;
  /** API requests sent to make events, and how many of them the kills cut off. */
  requests: number;
  requestsCut: number;
  /** POSTs that were in flight at a receiver when the runtime died. */
  postsInFlightAtKill: number;
  eventsInLog: { live: number; test: number };
  endpoints: EndpointFigures[];
  /** When something was lost: each such endpoint's lane and queued messages, to see where it stuck. */
  diagnosis: string[];
  /** The runtime's lane shards and each endpoint's (two or more in use, so the proof crosses queues). */
  laneShards: { count: number; ofEndpoint: Record<string, number> };
}

export interface DeliveryCrashOptions {
  localDir: string;
  port: number;
  kills: number;
  workers: number;
  /** Deliveries received between restart and the next kill. */
  deliveriesBetweenKills: number;
  /** Give up waiting for the last deliveries when none arrived for this long (the retry schedule here is seconds). */
  stallMs?: number;
  /** Add test endpoints until two lane shards are in use (`npm run faults`; the short e2e form keeps its three). */
  spanLaneShards?: boolean;
}

const started = Date.now();
const trace = (what: string) => process.env.FAULTS_TRACE && console.log(`${((Date.now() - started) / 1000).toFixed(1)} s: ${what}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The runtime for this proof: a short hold and retry schedule (the schedule itself is proven under an injected clock). */
const RUNTIME_ENV = {
  WEBHOOK_HOLD_MS: '300',
  WEBHOOK_RETRY_DELAYS: '0.5,1,1,2,2,3,3,5,5',
  WEBHOOK_TIMEOUT_MS: '3000',
  LOCAL_SCHEDULER: 'off',
};

export async function crashDuringDeliveries(options: DeliveryCrashOptions): Promise<DeliveryCrashReport> {
  let runtime: Runtime = await spawnRuntime({ localDir: options.localDir, port: options.port, env: RUNTIME_ENV });
  const c = runtime.credentials;
  // Receivers answer after a few ms, so a kill finds POSTs in flight.
  const receivers = await Promise.all([0, 1, 2].map(() => startProofReceiver({ delayMs: () => randomInt(30) })));
  const endpoints: ProofEndpoint[] = [];
  let stop = false;
  try {
    endpoints.push(await registerEndpoint(c.dashboard_url, c.dashboard_session, receivers[0], { livemode: false }));
    endpoints.push(
      await registerEndpoint(c.dashboard_url, c.dashboard_session, receivers[1], {
        livemode: false,
        enabled_events: ['company.created', 'company.verified', 'file.created'],
      }),
    );
    // A live endpoint needs a session stepped up with an e-mailed code (lib/dashboard/step-up.ts).
    const stepped = await steppedUpSession(c.dashboard_url, c.dashboard_session, options.localDir);
    endpoints.push(await registerEndpoint(c.dashboard_url, stepped, receivers[2], { livemode: true }));
    // Endpoints on two lane shards at least (an endpoint's shard is the hash of its id): more test
    // endpoints until then, so the kills cut across queues.
    const shardCount = c.webhook_queue_urls.length;
    const shardOf = (e: ProofEndpoint) => laneShardFor(e.id, shardCount);
    while (options.spanLaneShards && shardCount > 1 && new Set(endpoints.map(shardOf)).size < 2) {
      const receiver = await startProofReceiver({ delayMs: () => randomInt(30) });
      receivers.push(receiver);
      endpoints.push(await registerEndpoint(c.dashboard_url, c.dashboard_session, receiver, { livemode: false }));
    }

    let requests = 0;
    let requestsCut = 0;
    let down = false;
    const call = async (path: string, key: string, body: unknown, idempotent = false) => {
      requests++;
      try {
        const res = await fetch(`${c.base_url}${path}`, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${key}`,
            'Content-Type': 'application/json',
            ...(idempotent ? { 'Idempotency-Key': randomUUID() } : {}),
          },
          body: JSON.stringify(body),
        });
        return { status: res.status, body: (await res.json()) as { id?: string } };
      } catch {
        requestsCut++; // the runtime died under it: the log says whether it happened
        while (down) await sleep(50); // a client waiting for the service to come back
        return undefined;
      }
    };
    let n = 0;
    const worker = async () => {
      while (!stop) {
        // Every fourth company is live, the first of them at once: the live endpoint has events to check
        // however soon the kills come (lanes deliver the test companies' events fast).
        const live = ++n % 4 === 1;
        const key = live ? c.live_key : c.test_key;
        const company = await call(
          '/companies',
          key,
          {
            name: `Delivery Fault ${randomUUID()
              .slice(0, 6)
              .replace(/[^a-z0-9]/gi, '')} ${n}`,
            state: 'DE',
            entity_type: 'llc',
            services: ['ein_application'],
            account: { first_name: 'Fault', last_name: 'Proof', email: `fault-${n}@example.com` },
          },
          true,
        );
        if (company?.status !== 201 || !company.body.id || live) continue;
        await call(`/sandbox/companies/${company.body.id}/verify`, key, {});
        await call(`/sandbox/companies/${company.body.id}/files`, key, { title: `Proof ${n}` });
      }
    };
    const received = () => receivers.reduce((s, r) => s + r.received.length, 0);
    let workers = Array.from({ length: options.workers }, worker);

    let postsInFlightAtKill = 0;
    for (let kill = 1; kill <= options.kills; kill++) {
      const last = kill === options.kills;
      const target = received() + options.deliveriesBetweenKills;
      const deadline = Date.now() + 120_000;
      // The first kill waits until every endpoint has had a delivery, so each one's lane crosses a kill.
      const everyEndpointServed = () => kill > 1 || receivers.every((r) => r.received.length > 0);
      while ((received() < target || !everyEndpointServed()) && Date.now() < deadline) await sleep(20);
      if (last) {
        // The last kill: the traffic has just stopped, the lanes still hold the newest events.
        stop = true;
        await Promise.all(workers);
      }
      // Kill while a POST is in flight where we can (the receiver holds each answer up to 30 ms).
      const pick = Date.now() + 3000;
      while (receivers.every((r) => r.pending() === 0) && Date.now() < pick) await sleep(1);
      postsInFlightAtKill += receivers.reduce((s, r) => s + r.pending(), 0);
      down = true;
      runtime.child.kill('SIGKILL');
      await exited(runtime.child);
      trace(`kill ${kill}: ${received()} deliveries so far`);
      runtime = await spawnRuntime({ localDir: options.localDir, port: options.port, env: RUNTIME_ENV });
      down = false;
      trace(`restarted`);
      if (last) workers = [];
    }

    const logs = async () => ({ live: await readLog(c.base_url, c.live_key), test: await readLog(c.base_url, c.test_key) });
    await waitForDeliveries(endpoints, logs, { stallMs: options.stallMs ?? 60_000 });
    trace('settled');
    const log: Record<'live' | 'test', LogEntry[]> = await logs();
    const figures = endpoints.map((e) => checkEndpoint(e, log[e.mode]));
    const diagnosis = figures.some((f) => f.lost.length) ? await diagnose(runtime, figures) : [];
    return {
      kills: options.kills,
      requests,
      requestsCut,
      postsInFlightAtKill,
      eventsInLog: { live: log.live.length, test: log.test.length },
      endpoints: figures,
      diagnosis,
      laneShards: { count: shardCount, ofEndpoint: Object.fromEntries(endpoints.map((e) => [e.id, shardOf(e)])) },
    };
  } finally {
    stop = true; // the traffic ends with the proof, whatever happened
    runtime.child.kill('SIGTERM');
    await exited(runtime.child);
    await Promise.all(receivers.map((r) => r.close()));
  }
}

/** The lanes and queued messages of the endpoints that lost events, read from the runtime's DynamoDB Local. */
async function diagnose(runtime: Runtime, figures: EndpointFigures[]): Promise<string[]> {
  const c = runtime.credentials as unknown as { dynamodb_endpoint: string; table_name: string };
  const client = storeClient({ standIn: c.dynamodb_endpoint });
  try {
    // Every lane shard's queue (the stand-in's messages are stored per queue).
    const shards = runtime.credentials.webhook_queue_urls.length;
    const queued = (
      await Promise.all(
        localLaneQueueNames(shards).map(
          async (name) =>
            (
              await client.send(
                new QueryCommand({
                  TableName: c.table_name,
                  KeyConditionExpression: 'pk = :pk',
                  ExpressionAttributeValues: { ':pk': localQueuePartition(name) },
                }),
              )
            ).Items ?? [],
        ),
      )
    ).flat();
    const out: string[] = [];
    for (const f of figures.filter((x) => x.lost.length)) {
      const lane = (await client.send(new GetCommand({ TableName: c.table_name, Key: webhookLaneKey(f.endpoint), ConsistentRead: true })))
        .Item;
      const mine = queued
        .filter((m) => m.group === f.endpoint)
        .map(
          (m) =>
            `${JSON.parse(m.body as string).event_id}@seq${JSON.parse(m.body as string).seq} rc${m.receive_count} visible ${new Date(m.visible_at as number).toISOString()}`,
        );
      out.push(
        `${f.endpoint}: lost ${f.lost.join(',')}; lane ${JSON.stringify({ last_seq: lane?.last_seq, head: lane?.head, next: lane?.next_attempt_at, paused: lane?.paused })}; queued ${mine.length}: ${mine.slice(0, 5).join('; ')}`,
      );
    }
    return out;
  } finally {
    client.destroy();
  }
}

/** One line per endpoint for the console and the issue note. */
export function describeEndpoint(f: EndpointFigures): string {
  return `${f.endpoint} (${f.mode}, ${f.filter}): ${f.eventsChecked} events checked, ${f.deliveries} deliveries, ${f.duplicates} duplicates (same webhook-id), ${f.outOfOrder} out of order, ${f.lost.length} lost, ${f.invalid} invalid, ${f.unexpected} unexpected`;
}

/** Zero is the goal of every count but deliveries and duplicates. */
export function failures(endpoints: EndpointFigures[]): number {
  return endpoints.reduce((s, f) => s + f.outOfOrder + f.lost.length + f.invalid + f.unexpected, 0);
}

/**
 * `npm run faults`' delivery part: SIGKILLs mid-delivery, then the receivers down for a simulated day.
 * Prints the figures; returns how many things went wrong (goal 0).
 */
export async function runDeliveryFaults(options: {
  localDir: () => string;
  port: () => Promise<number>;
  kills: number;
  workers: number;
}): Promise<number> {
  let wrong = 0;
  const crash = await crashDuringDeliveries({
    localDir: options.localDir(),
    port: await options.port(),
    kills: options.kills,
    workers: options.workers,
    deliveriesBetweenKills: 100,
    spanLaneShards: true,
  });
  console.log(
    `deliveries under SIGKILL: ${crash.kills} kills (${crash.postsInFlightAtKill} POSTs in flight at a kill), ${crash.requests} requests tried (${crash.requestsCut} cut by a kill), ` +
      `${crash.eventsInLog.test} test + ${crash.eventsInLog.live} live events in the log`,
  );
  for (const f of crash.endpoints) console.log(`  ${describeEndpoint(f)}, lane shard ${crash.laneShards.ofEndpoint[f.endpoint]}`);
  console.log(
    `  lane shards: ${crash.laneShards.count}, in use ${new Set(Object.values(crash.laneShards.ofEndpoint)).size} (nothing lost or out of order per endpoint is the goal on every one)`,
  );
  for (const line of crash.diagnosis) console.log(`  stuck: ${line}`);
  wrong += failures(crash.endpoints);

  const outage = await receiverDownForADay({ localDir: options.localDir(), port: await options.port() });
  console.log(
    `receivers down for a simulated day (production schedule, injected clock): down ${outage.outageHours.toFixed(1)} h, backlog delivered ${outage.recoveredAfterHours.toFixed(1)} h after the outage began, ` +
      `${outage.clockJumps} clock jumps, ${outage.eventsDuringOutage} events made while down, failed attempts ${Object.entries(
        outage.failedAttempts,
      )
        .map(([id, n]) => `${n} ${JSON.stringify(outage.failureKinds[id])}`)
        .join(' + ')}; ` +
      `outbox: ${outage.mails.length ? outage.mails.join('; ') : 'nothing'}; endpoints ${Object.values(outage.statuses).join(', ')}`,
  );
  for (const f of outage.endpoints) console.log(`  ${describeEndpoint(f)}`);
  wrong += failures(outage.endpoints);
  if (Object.values(outage.statuses).some((s) => s !== 'enabled') || outage.mails.some((m) => !/failing for 1 day$/.test(m))) wrong++;

  // Loaded here, not at the top: bench/proof-runs.ts reads import.meta, which the jest (CommonJS) short form cannot.
  const { recordProofRun } = await import('../bench/proof-runs');
  const table = (list: EndpointFigures[]) => [
    '| endpoint (mode, filter) | events checked | deliveries | duplicates (same webhook-id) | out of order | lost | invalid signature / id | unexpected |',
    '|---|---|---|---|---|---|---|---|',
    ...list.map(
      (f) =>
        `| ${f.mode}, ${f.filter} | ${f.eventsChecked} | ${f.deliveries} | ${f.duplicates} | ${f.outOfOrder} | ${f.lost.length} | ${f.invalid} | ${f.unexpected} |`,
    ),
  ];
  recordProofRun(
    'faults-delivery',
    `npm run faults (webhook deliveries, --kills ${options.kills} --delivery-workers ${options.workers})`,
    [
      `**SIGKILL mid-delivery**: ${crash.kills} kills of the runtime (${crash.postsInFlightAtKill} with a POST in flight at a receiver), restarted on the same data; ${crash.requests} API requests tried (${crash.requestsCut} cut by a kill); ${crash.eventsInLog.test} test + ${crash.eventsInLog.live} live events in the log; ${crash.laneShards.count} lane shards, the endpoints on shards ${crash.endpoints.map((f) => crash.laneShards.ofEndpoint[f.endpoint]).join(', ')}.`,
      '',
      ...table(crash.endpoints),
      '',
      `**Receivers down for a simulated day** (production hold and retry schedule, injected clock): down ${outage.outageHours.toFixed(1)} h (one port closed, one 503 proxy), backlog delivered ${outage.recoveredAfterHours.toFixed(1)} h after the outage began; ${outage.clockJumps} clock jumps; ${outage.eventsDuringOutage} events made while down; failed attempts ${Object.values(outage.failedAttempts).join(' + ')}; outbox: ${outage.mails.length} e-mails (${[...new Set(outage.mails.map((m) => m.replace(/we_\w+/, '<endpoint>')))].join('; ') || 'none'}); endpoints at the end: ${Object.values(outage.statuses).join(', ')}.`,
      '',
      ...table(outage.endpoints),
    ].join('\n'),
  );
  return wrong;
}
