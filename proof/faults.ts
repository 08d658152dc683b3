import { randomUUID } from 'node:crypto';
import { exited, spawnRuntime } from './spawned-runtime';

/**
 * Faults (docs/decisions.md, "Proof"): the local runtime killed outright (SIGKILL) in the middle of company creates, then
 * restarted on the same data. Afterwards nothing acknowledged is lost and nothing is half written:
 * every create answered 201 exists exactly once with its `company.created` event and its orders, and
 * every company in the log is whole.
 */
export interface CrashReport {
  acknowledged: number;
  inFlightAtKill: number;
  lost: string[];
  duplicatedEvents: string[];
  /** Acknowledged companies whose `company.created` never appeared within the backstop's horizon. */
  missingEvents: string[];
  halfWritten: string[];
  retriedAfterRestart: number;
}

async function get(base: string, key: string, path: string) {
  const res = await fetch(base + path, { headers: { Authorization: `Bearer ${key}` } });
  return { status: res.status, body: (await res.json()) as any };
}

/**
 * `retrySeconds`: how long the careful client keeps retrying a request whose key is still locked by the
 * request the kill interrupted (75 s by default: the lock lapses after 60 s; nothing was written for
 * it, or the key would hold its answer). `lockMs` runs the runtime with a shorter lock
 * (`IDEMPOTENCY_LOCK_MS`), so that the retries need not wait out the minute.
 */
export async function crashDuringCreates(options: {
  localDir: string;
  port: number;
  workers: number;
  killAfterMs: number;
  retrySeconds?: number;
  lockMs?: number;
  /** How long an acknowledged create's `company.created` may take to appear after the restart (90 s). */
  eventsWithinMs?: number;
}): Promise<CrashReport> {
  const env = options.lockMs ? { IDEMPOTENCY_LOCK_MS: String(options.lockMs) } : undefined;
  let runtime = await spawnRuntime({ localDir: options.localDir, port: options.port, env });
  const { base_url: base, test_key: key } = runtime.credentials;
  const acknowledged = new Map<string, string>(); // idempotency key → company id
  const uncertain = new Map<string, unknown>(); // idempotency key → body, no answer before the kill
  let stop = false;
  let n = 0;
  const body = () => ({
    name: `Crash ${randomUUID()
      .slice(0, 8)
      .replace(/[^a-z0-9]/gi, '')} ${++n}`,
    state: 'DE',
    entity_type: 'llc',
    services: ['ein_application'],
    account: { first_name: 'Crash', last_name: 'Test', email: `crash-${n}@example.com` },
  });
  const create = async (idem: string, payload: unknown) => {
    const res = await fetch(`${base}/companies`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', 'Idempotency-Key': idem },
      body: JSON.stringify(payload),
    });
    return { status: res.status, body: (await res.json()) as { id?: string; code?: string } };
  };
  const workers = Array.from({ length: options.workers }, async () => {
    while (!stop) {
      const idem = randomUUID();
      const payload = body();
      uncertain.set(idem, payload);
      try {
        const res = await create(idem, payload);
        if (res.status === 201 && res.body.id) acknowledged.set(idem, res.body.id);
        uncertain.delete(idem);
      } catch {
        return; // the connection died with the runtime: this request stays uncertain
      }
    }
  });
  await new Promise((r) => setTimeout(r, options.killAfterMs));
  runtime.child.kill('SIGKILL');
  stop = true;
  await exited(runtime.child);
  await Promise.all(workers);
  const inFlightAtKill = uncertain.size;

  runtime = await spawnRuntime({ localDir: options.localDir, port: options.port, env });
  try {
    const k2 = runtime.credentials.test_key;
    // What a careful client does after a crash: retry each unanswered request with its Idempotency-Key.
    let retriedAfterRestart = 0;
    for (const [idem, payload] of uncertain) {
      for (let attempt = 0; attempt < (options.retrySeconds ?? 75); attempt++) {
        const res = await create(idem, payload).catch(() => undefined);
        if (res && res.body.code === 'idempotency_key_in_use') {
          await new Promise((r) => setTimeout(r, 1000));
          continue;
        }
        if (res?.status === 201 && res.body.id) acknowledged.set(idem, res.body.id);
        retriedAfterRestart++;
        break;
      }
    }
    const lost: string[] = [];
    const duplicatedEvents: string[] = [];
    const missingEvents: string[] = [];
    // A create answered while its events were still pending (its wait ran out under load, or the kill
    // came first) has them sequenced by the backstop after the restart (docs/decisions.md, "The event
    // log": within EVENT_BACKSTOP_AFTER_MS of their pending time, plus one drain). So each count is
    // polled until it shows, within a bounded deadline, before it is judged.
    const eventsDeadline = Date.now() + (options.eventsWithinMs ?? 90_000);
    for (const id of acknowledged.values()) {
      if ((await get(base, k2, `/companies/${id}`)).status !== 200) lost.push(id);
      let total = 0;
      for (;;) {
        total = (await get(base, k2, `/events?company_id=${id}&type=company.created&limit=1`)).body.page.total;
        if (total > 0 || Date.now() > eventsDeadline) break;
        await new Promise((r) => setTimeout(r, 500));
      }
      if (total > 1) duplicatedEvents.push(id);
      if (total === 0) missingEvents.push(id);
    }
    // Whole-log check: every company has its creation event and its orders; no orphan events.
    const halfWritten: string[] = [];
    let after: string | undefined;
    do {
      const page = await get(base, k2, `/companies?limit=100${after ? `&after=${encodeURIComponent(after)}` : ''}`);
      for (const company of page.body.items as { id: string }[]) {
        const events = await get(base, k2, `/events?company_id=${company.id}&type=company.created&limit=1`);
        const orders = await get(base, k2, `/companies/${company.id}/service-orders`);
        if (events.body.page.total !== 1 || orders.body.items.length < 2) halfWritten.push(company.id);
      }
      after = page.body.page.has_next_page ? page.body.page.end_cursor : undefined;
    } while (after);
    const totalCompanies = await get(base, k2, '/companies?limit=1');
    const createdEvents = await get(base, k2, '/events?type=company.created&limit=1');
    if (totalCompanies.body.page.total !== createdEvents.body.page.total)
      halfWritten.push(`companies ${totalCompanies.body.page.total} ≠ company.created ${createdEvents.body.page.total}`);
    return { acknowledged: acknowledged.size, inFlightAtKill, lost, duplicatedEvents, missingEvents, halfWritten, retriedAfterRestart };
  } finally {
    runtime.child.kill('SIGTERM');
    await exited(runtime.child);
  }
}
