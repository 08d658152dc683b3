import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { exited } from './spawned-runtime';
import {
  checkEndpoint,
  readEndpointStatus,
  readLog,
  registerEndpoint,
  startProofReceiver,
  waitForDeliveries,
  type EndpointFigures,
  type LogEntry,
  type ProofEndpoint,
} from './webhook-receivers';

/**
 * Faults (docs/decisions.md, "Proof"): the partner's webhook receivers go away for a simulated day and come back.
 * The runtime is `npm start`'s (proof/clocked-runtime.ts) with lib/clock injected and the PRODUCTION
 * delivery numbers (2 s hold, the published retry schedule, 15 s timeout, warnings at 1 and 3 days,
 * disable at 5): the proof moves the clock from one scheduled attempt to the next instead of
 * shrinking the schedule. Events keep coming all day (creates and sandbox triggers). One receiver's
 * port is closed (connection refused); the other sits behind a proxy that answers 503 (no
 * Retry-After), so every retry it records must carry the same `webhook-id`.
 *
 * The outage lasts a day and until each endpoint's first attempt after the day mark has failed, so
 * the 1-day warning is due; then the receivers come back and the next scheduled attempt drains the
 * backlog. Proven: every event delivered, first deliveries in the log's order, repeats only under
 * the event's own `webhook-id`, valid signatures, the warning in the outbox, the endpoints enabled.
 */
export interface OutageReport {
  /** Simulated hours the receivers were down, and until the backlog was delivered. */
  outageHours: number;
  recoveredAfterHours: number;
  /** Clock jumps made, and the events created while the receivers were down. */
  clockJumps: number;
  eventsDuringOutage: number;
  /** Failed attempts while down, per endpoint. */
  failedAttempts: Record<string, number>;
  /** Why they failed, per endpoint (`connection_refused`, `http_status`, …: the attempt list's `error`). */
  failureKinds: Record<string, Record<string, number>>;
  /** Subjects of the outbox's e-mails about the endpoints. */
  mails: string[];
  /** Each endpoint's status at the end (must be `enabled`). */
  statuses: Record<string, string>;
  endpoints: EndpointFigures[];
}

const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** The longest jump between two dashboard calls: the session's idle timeout is 12 h. */
const MAX_JUMP = 6 * HOUR;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Attempt {
  event_id: string;
  outcome: string;
  error: string | null;
  attempted_at: string;
  next_attempt_at: string | null;
}

/** The runtime with an injected clock, and the parent's handle on it. */
async function startClockedRuntime(localDir: string, port: number) {
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    LOCAL_DIR: localDir,
    LOG_LEVEL: 'ERROR',
    LOCAL_SCHEDULER: 'off',
    LOCAL_RATE_LIMIT_BURST: '100000',
    LOCAL_RATE_LIMIT_SUSTAINED: '10000000',
  };
  // The production delivery numbers (a test run shrinks them; this proof must not).
  for (const name of [
    'WEBHOOK_HOLD_MS',
    'WEBHOOK_RETRY_DELAYS',
    'WEBHOOK_RETRY_JITTER',
    'WEBHOOK_TIMEOUT_MS',
    'WEBHOOK_RETRY_AFTER_CAP_SECONDS',
  ])
    delete env[name];
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'proof/clocked-runtime.ts'], {
    env,
    stdio: ['pipe', 'pipe', 'inherit', 'ipc'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  const deadline = Date.now() + 120_000;
  while (!/^Ready: /m.test(out)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`clocked runtime did not start: ${out}`);
    await sleep(100);
  }
  const credentials = JSON.parse(readFileSync(join(localDir, 'credentials.json'), 'utf8')) as {
    base_url: string;
    test_key: string;
    dashboard_url: string;
    dashboard_session: string;
  };
  let offset = 0;
  let previousOffset = 0;
  return {
    child,
    credentials,
    /** The runtime's time (real time plus the offset). */
    now: () => Date.now() + offset,
    /** What the runtime's clock may have read a moment ago, in seconds: a delivery signed just before the last jump arrives just after it. */
    recentSeconds: () => [offset, previousOffset].map((o) => Math.floor((Date.now() + o) / 1000)),
    /** A fresh dashboard session of the seeded owner, minted by the runtime (sessions end with the simulated hours). */
    session: () =>
      new Promise<string>((resolve) => {
        const answer = (m: { session?: string }) => {
          if (!m.session) return;
          child.off('message', answer);
          resolve(m.session);
        };
        child.on('message', answer);
        child.send({ session: true });
      }),
    /** Moves the runtime's clock (once its lanes are idle). */
    advance: (ms: number) =>
      new Promise<void>((resolve) => {
        previousOffset = offset;
        offset += Math.max(0, ms); // a delivery signed after the jump may arrive before the answer
        child.once('message', () => resolve());
        child.send({ advanceMs: Math.max(0, ms) });
      }),
    stop: async () => {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}

export async function receiverDownForADay(options: { localDir: string; port: number; outageMs?: number }): Promise<OutageReport> {
  const outageMs = options.outageMs ?? DAY;
  const runtime = await startClockedRuntime(options.localDir, options.port);
  const c = runtime.credentials;
  const refused = await startProofReceiver();
  const failing = await startProofReceiver();
  try {
    const endpoints: ProofEndpoint[] = [
      await registerEndpoint(c.dashboard_url, c.dashboard_session, refused, { livemode: false }, runtime.recentSeconds),
      await registerEndpoint(
        c.dashboard_url,
        c.dashboard_session,
        failing,
        { livemode: false, enabled_events: ['company.created', 'company.verified', 'file.created'] },
        runtime.recentSeconds,
      ),
    ];
    const dashboard = async (path: string) =>
      fetch(`${c.dashboard_url}/api${path}`, { headers: { Authorization: `Bearer ${await runtime.session()}` } }).then(
        (r) => r.json() as Promise<{ items: Attempt[] }>,
      );
    const attempts = async (e: ProofEndpoint) => (await dashboard(`/webhook-endpoints/${e.id}/attempts?limit=100`)).items;
    let events = 0;
    const makeEvents = async () => {
      const post = async (path: string, body: unknown) => {
        const res = await fetch(`${c.base_url}${path}`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${c.test_key}`, 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
          body: JSON.stringify(body),
        });
        if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
        return (await res.json()) as { id: string };
      };
      const n = ++events;
      const company = await post('/companies', {
        name: `Outage ${randomUUID()
          .slice(0, 6)
          .replace(/[^a-z0-9]/gi, '')} ${n}`,
        state: 'DE',
        entity_type: 'llc',
        services: ['ein_application'],
        account: { first_name: 'Outage', last_name: 'Proof', email: `outage-${n}@example.com` },
      });
      await post(`/sandbox/companies/${company.id}/verify`, {});
      await post(`/sandbox/companies/${company.id}/files`, { title: `Outage ${n}` });
    };
    const logs = async () => ({ live: [] as LogEntry[], test: await readLog(c.base_url, c.test_key) });

    // Before the outage: the receivers work.
    await makeEvents();
    await waitForDeliveries(endpoints, logs, { stallMs: 60_000, quietMs: 500 });

    // The outage: one port closed, one proxy answering 503.
    await refused.set('down');
    await failing.set('failing');
    const start = runtime.now();
    const logBefore = (await logs()).test.length;
    const failingSince = new Map<string, number>();
    let jumps = 0;
    const failedAttempts: Record<string, number> = {};
    const failureKinds: Record<string, Record<string, number>> = {};
    for (;;) {
      await makeEvents();
      // Each endpoint's head: when its next attempt is due (none yet: the fresh hold).
      const due: number[] = [];
      let dayWarned = true;
      for (const e of endpoints) {
        const list = (await attempts(e)).filter((a) => Date.parse(a.attempted_at) >= start);
        failedAttempts[e.id] = list.filter((a) => a.outcome === 'failed').length;
        failureKinds[e.id] = {};
        for (const a of list)
          if (a.outcome === 'failed') failureKinds[e.id][a.error ?? 'none'] = (failureKinds[e.id][a.error ?? 'none'] ?? 0) + 1;
        const oldest = list.at(-1);
        if (oldest) failingSince.set(e.id, Date.parse(oldest.attempted_at));
        const newest = list[0];
        if (newest?.next_attempt_at) due.push(Date.parse(newest.next_attempt_at));
        // The 1-day warning is sent by the first failed attempt a day or more into the failure.
        if (!newest || !failingSince.has(e.id) || Date.parse(newest.attempted_at) - failingSince.get(e.id)! < DAY) dayWarned = false;
      }
      if (dayWarned && runtime.now() - start >= outageMs) break;
      const t = runtime.now();
      const next = Math.min(...due, t + MAX_JUMP);
      // SQS visibility is whole seconds: a message comes back up to a second after its due time.
      const target = Math.max(next + 1500, t + 2500);
      const before = new Map<string, number>();
      for (const e of endpoints) before.set(e.id, (await attempts(e)).length);
      await runtime.advance(target - t);
      jumps++;
      // Let every attempt that fell due be made before moving on.
      const waitUntil = Date.now() + 30_000;
      const dueNow = endpoints.filter((_, i) => due[i] !== undefined && due[i] <= target);
      while (Date.now() < waitUntil) {
        const made = await Promise.all(dueNow.map(async (e) => (await attempts(e)).length > before.get(e.id)!));
        if (made.every(Boolean)) break;
        await sleep(200);
      }
      if (jumps > 200) throw new Error('the outage did not end after 200 clock jumps');
    }
    const outageHours = (runtime.now() - start) / HOUR;
    const eventsDuringOutage = (await logs()).test.length - logBefore;
    const during = await runtime.session();
    const statusesDuring = await Promise.all(endpoints.map((e) => readEndpointStatus(c.dashboard_url, during, e.id)));
    if (statusesDuring.some((s) => s.status !== 'enabled'))
      throw new Error(`an endpoint was disabled during a one-day outage: ${JSON.stringify(statusesDuring)}`);

    // The receivers come back; the clock moves to each lane's next scheduled attempt, and the backlog drains.
    await refused.set('up');
    await failing.set('up');
    for (let i = 0; i < 10; i++) {
      const due: number[] = [];
      for (const e of endpoints) {
        const newest = (await attempts(e))[0];
        if (newest?.next_attempt_at && Date.parse(newest.next_attempt_at) > runtime.now() && newest.outcome !== 'succeeded')
          due.push(Date.parse(newest.next_attempt_at));
      }
      if (due.length === 0) break;
      const t = runtime.now();
      await runtime.advance(Math.min(Math.min(...due) + 1500, t + MAX_JUMP) - t);
      jumps++;
      await sleep(1000);
    }
    await makeEvents();
    await waitForDeliveries(endpoints, logs, { stallMs: 60_000, quietMs: 1000 });
    const recoveredAfterHours = (runtime.now() - start) / HOUR;

    const outbox = join(options.localDir, 'outbox');
    const mails = existsSync(outbox)
      ? readdirSync(outbox)
          .sort()
          .map((f) => (JSON.parse(readFileSync(join(outbox, f), 'utf8')) as { subject: string }).subject)
          .filter((s) => endpoints.some((e) => s.includes(e.id)))
      : [];
    const statuses: Record<string, string> = {};
    const after = await runtime.session();
    for (const e of endpoints) statuses[e.id] = (await readEndpointStatus(c.dashboard_url, after, e.id)).status;
    const log = await logs();
    return {
      outageHours,
      recoveredAfterHours,
      clockJumps: jumps,
      eventsDuringOutage,
      failedAttempts,
      failureKinds,
      mails,
      statuses,
      endpoints: endpoints.map((e) => checkEndpoint(e, log.test)),
    };
  } finally {
    await runtime.stop();
    await refused.close();
    await failing.close();
  }
}
