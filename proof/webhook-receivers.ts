import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { Webhook } from 'standardwebhooks';

/**
 * The partner's side of the delivery fault proofs (proof/faults-delivery*.ts): real HTTP receivers on
 * 127.0.0.1 that check every delivery as a partner would (the `standardwebhooks` package), endpoints
 * registered through the dashboard's JSON face, and the checker that holds the deliveries against
 * the event log (`GET /events`, the source of truth).
 */

/** One POST as received. */
export interface Received {
  webhookId: string;
  eventId?: string;
  type?: string;
  /** The signature checked out (v1, the endpoint's secret) and `webhook-id` equals the body's `id`. */
  valid: boolean;
  /** Answered 2xx: the sender may stop. */
  acknowledged: boolean;
  at: number;
}

/** How the receiver answers right now. `down` closes the port (connection refused). */
export type ReceiverState = 'up' | 'down' | 'failing';

export interface ProofReceiver {
  url: string;
  received: Received[];
  /** Requests being received or answered right now. */
  pending(): number;
  /** Called once the endpoint exists: its secret, and the clock that signed timestamps are judged by. */
  setSecret(secret: string, clock?: SenderClock): void;
  /** `down` stops listening (refused connections); `failing` answers 503 without Retry-After. */
  set(state: ReceiverState): Promise<void>;
  close(): Promise<void>;
}

/**
 * The sender's clock when it is not ours (an injected clock): the times, in seconds, it may have read
 * when it signed (around a jump of the clock, the time before and the time after).
 */
export type SenderClock = () => number[];

/** Checks one delivery: `standardwebhooks` verifies when the sender's clock is ours; else the same HMAC against the sender's clock. */
function verifies(wh: Webhook, headers: IncomingHttpHeaders, body: string, senderClock?: SenderClock): boolean {
  const h = Object.fromEntries(['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((n) => [n, String(headers[n] ?? '')]));
  try {
    if (!senderClock) {
      wh.verify(body, h);
      return true;
    }
    // An injected clock (the simulated day): the package's own signing, its 5-minute tolerance against that clock.
    const ts = Number(h['webhook-timestamp']);
    if (!Number.isInteger(ts) || !senderClock().some((t) => Math.abs(t - ts) <= 300)) return false;
    const expected = wh.sign(h['webhook-id'], new Date(ts * 1000), body);
    return h['webhook-signature'].split(' ').includes(expected);
  } catch {
    return false;
  }
}

/**
 * A receiver that records and verifies every delivery. `delayMs` holds each answer a little, so a
 * kill of the sender finds POSTs in flight.
 */
export async function startProofReceiver(options: { delayMs?: () => number } = {}): Promise<ProofReceiver> {
  const received: Received[] = [];
  let wh: Webhook | undefined;
  let clock: SenderClock | undefined;
  let state: ReceiverState = 'up';
  let pending = 0;
  const server: Server = createServer((req, res) => {
    pending++;
    res.once('close', () => pending--);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let parsed: { id?: string; type?: string } = {};
      try {
        parsed = JSON.parse(body);
      } catch {
        /* an unparsable body is recorded as invalid */
      }
      const webhookId = String(req.headers['webhook-id'] ?? '');
      const acknowledged = state === 'up';
      received.push({
        webhookId,
        eventId: parsed.id,
        type: parsed.type,
        valid: !!wh && verifies(wh, req.headers, body, clock) && parsed.id === webhookId,
        acknowledged,
        at: Date.now(),
      });
      const reply = () => {
        if (res.destroyed) return;
        res.writeHead(acknowledged ? 204 : 503);
        res.end();
      };
      const delay = options.delayMs?.() ?? 0;
      if (delay > 0) setTimeout(reply, delay);
      else reply();
    });
  });
  const listen = (port: number) => new Promise<void>((r, reject) => server.once('error', reject).listen(port, '127.0.0.1', () => r()));
  await listen(0);
  const port = (server.address() as { port: number }).port;
  const closeServer = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    pending: () => pending,
    setSecret: (secret, senderClock) => {
      wh = new Webhook(secret);
      clock = senderClock;
    },
    set: async (next) => {
      if (next === state) return;
      if (state === 'down') await listen(port); // back on the same port: the endpoint's URL is unchanged
      if (next === 'down') await closeServer();
      state = next;
    },
    close: async () => {
      if (state !== 'down') await closeServer();
      state = 'down';
    },
  };
}

/** What the proof knows of one registered endpoint. */
export interface ProofEndpoint {
  id: string;
  mode: 'live' | 'test';
  enabledEvents: string[];
  createdAt: string;
  receiver: ProofReceiver;
}

/** Registers an endpoint through the dashboard's JSON face, as a partner's script would. */
export async function registerEndpoint(
  dashboardUrl: string,
  session: string,
  receiver: ProofReceiver,
  input: { livemode: boolean; enabled_events?: string[] },
  senderClock?: SenderClock,
): Promise<ProofEndpoint> {
  const res = await fetch(`${dashboardUrl}/api/webhook-endpoints`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${session}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ url: receiver.url, description: 'fault proof receiver', ...input }),
  });
  const body = (await res.json()) as { id: string; secret: string; enabled_events: string[]; created_at: string };
  if (res.status !== 201) throw new Error(`endpoint not created: ${res.status} ${JSON.stringify(body)}`);
  receiver.setSecret(body.secret, senderClock);
  return { id: body.id, mode: input.livemode ? 'live' : 'test', enabledEvents: body.enabled_events, createdAt: body.created_at, receiver };
}

/** The dashboard's view of an endpoint (status, disabled_reason). */
export async function readEndpointStatus(
  dashboardUrl: string,
  session: string,
  id: string,
): Promise<{ status: string; disabled_reason?: string | null }> {
  const res = await fetch(`${dashboardUrl}/api/webhook-endpoints/${id}`, { headers: { Authorization: `Bearer ${session}` } });
  if (res.status !== 200) throw new Error(`endpoint ${id}: ${res.status}`);
  return (await res.json()) as { status: string; disabled_reason?: string | null };
}

/** An event of the log, as the checker needs it. */
export interface LogEntry {
  id: string;
  type: string;
  created_at: string;
}

/** The whole log of one key's mode, oldest first (`sort=created_at`, followed page by page). */
export async function readLog(baseUrl: string, key: string): Promise<LogEntry[]> {
  const out: LogEntry[] = [];
  let after: string | undefined;
  do {
    const res = await fetch(`${baseUrl}/events?sort=created_at&limit=100${after ? `&after=${encodeURIComponent(after)}` : ''}`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    if (res.status !== 200) throw new Error(`GET /events: ${res.status}`);
    const page = (await res.json()) as { items: LogEntry[]; page: { has_next_page: boolean; end_cursor: string } };
    out.push(...page.items.map(({ id, type, created_at }) => ({ id, type, created_at })));
    after = page.page.has_next_page ? page.page.end_cursor : undefined;
  } while (after);
  return out;
}

/** The events an endpoint must receive: its mode's log after its creation, through its filter. */
export function expectedFor(endpoint: ProofEndpoint, log: LogEntry[]): LogEntry[] {
  const wants = (type: string) =>
    endpoint.enabledEvents.length === 0 || endpoint.enabledEvents.includes('*') || endpoint.enabledEvents.includes(type);
  return log.filter((e) => e.created_at > endpoint.createdAt && wants(e.type));
}

export interface EndpointFigures {
  endpoint: string;
  mode: 'live' | 'test';
  filter: string;
  /** Events of the log this endpoint had to receive. */
  eventsChecked: number;
  /** POSTs received, acknowledged or not. */
  deliveries: number;
  /** Deliveries of an event already received before (always under the same webhook-id: it is the event id). */
  duplicates: number;
  /** Events whose first delivery came after a later event's first delivery. */
  outOfOrder: number;
  /** Events of the log never acknowledged. */
  lost: string[];
  /** Deliveries whose signature failed or whose webhook-id is not the body's id. */
  invalid: number;
  /** Deliveries of events this endpoint should not get (other mode, filtered out, or not in the log). */
  unexpected: number;
}

/** Holds an endpoint's deliveries against the log. */
export function checkEndpoint(endpoint: ProofEndpoint, log: LogEntry[]): EndpointFigures {
  const expected = expectedFor(endpoint, log);
  const index = new Map(expected.map((e, i) => [e.id, i]));
  const seen = new Set<string>();
  const acked = new Set<string>();
  let duplicates = 0;
  let outOfOrder = 0;
  let invalid = 0;
  let unexpected = 0;
  let highest = -1;
  for (const d of endpoint.receiver.received) {
    if (!d.valid) invalid++;
    const i = index.get(d.webhookId);
    if (i === undefined) {
      unexpected++;
      continue;
    }
    if (d.acknowledged) acked.add(d.webhookId);
    if (seen.has(d.webhookId)) {
      duplicates++;
      continue;
    }
    seen.add(d.webhookId);
    if (i < highest) outOfOrder++;
    highest = Math.max(highest, i);
  }
  return {
    endpoint: endpoint.id,
    mode: endpoint.mode,
    filter: endpoint.enabledEvents.join(',') || '*',
    eventsChecked: expected.length,
    deliveries: endpoint.receiver.received.length,
    duplicates,
    outOfOrder,
    lost: expected.filter((e) => !acked.has(e.id)).map((e) => e.id),
    invalid,
    unexpected,
  };
}

/**
 * Waits until every endpoint acknowledged every event it must receive, giving up only when nothing
 * arrived for `stallMs` (a slow machine is not a lost delivery) or after `capMs`; then waits for quiet.
 */
export async function waitForDeliveries(
  endpoints: ProofEndpoint[],
  log: () => Promise<Record<'live' | 'test', LogEntry[]>>,
  options: { stallMs: number; capMs?: number; quietMs?: number },
): Promise<void> {
  const cap = Date.now() + (options.capMs ?? 15 * 60_000);
  const total = () => endpoints.reduce((n, e) => n + e.receiver.received.length, 0);
  let seen = total();
  let lastProgress = Date.now();
  for (;;) {
    const logs = await log();
    const missing = endpoints.some((e) => {
      const acked = new Set(e.receiver.received.filter((d) => d.acknowledged).map((d) => d.webhookId));
      return expectedFor(e, logs[e.mode]).some((x) => !acked.has(x.id));
    });
    if (!missing) break;
    if (total() !== seen) {
      seen = total();
      lastProgress = Date.now();
    }
    if (Date.now() - lastProgress > options.stallMs || Date.now() > cap) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  // Quiet: no delivery for `quietMs`, so late duplicates are counted too.
  for (let i = 0; i < 20; i++) {
    const count = total();
    await new Promise((r) => setTimeout(r, options.quietMs ?? 1500));
    if (total() === count) return;
  }
}

/**
 * The embedded default's dashboard session, stepped up (lib/dashboard/step-up.ts) so that it may create
 * live endpoints: asks for the e-mailed code and reads it from the runtime's outbox (`localDir`), as a
 * person reads their mail. The step-up code is sent on the answer's path, so it is there on return.
 */
export async function steppedUpSession(dashboardUrl: string, session: string, localDir: string): Promise<string> {
  const headers = { Authorization: `Bearer ${session}`, 'Content-Type': 'application/json' };
  const asked = await fetch(`${dashboardUrl}/api/step-up`, { method: 'POST', headers, body: '{}' });
  if (asked.status !== 202) throw new Error(`step-up refused: ${asked.status} ${await asked.text()}`);
  const dir = join(localDir, 'outbox');
  const mail = readdirSync(dir)
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as { subject: string; text: string })
    .filter((m) => m.subject.includes('step-up code'))
    .pop();
  const code = mail && /\b(\d{10})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no step-up code in ${dir}`);
  const verified = await fetch(`${dashboardUrl}/api/step-up/verify`, { method: 'POST', headers, body: JSON.stringify({ code }) });
  if (verified.status !== 200) throw new Error(`step-up verify refused: ${verified.status} ${await verified.text()}`);
  return session;
}
