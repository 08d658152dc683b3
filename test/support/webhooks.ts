import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { tableName } from '../../lib/store/client';
import { createEndpoint } from '../../lib/webhooks/endpoints';
import type { Mode, Scope } from '../../lib/scope';
import { WriteSet } from '../../lib/store/write-set';
import { commit } from '../../lib/event-log/commit';
import { newId } from '../../lib/ids';
import type { ApiEvent } from '../../lib/store/event';
import { type EventType, isChangeEvent } from '../../lib/resources/event';

/** Test helpers of webhook delivery. */
export interface TestEndpoint {
  id: string;
  secret: string;
  publicKey: string;
}

/** An endpoint made by the dashboard's store (the secret is returned once, as on creation). */
export async function createTestEndpoint(input: {
  partnerId: string;
  mode: Mode;
  url: string;
  enabledEvents?: string[];
}): Promise<TestEndpoint> {
  const { endpoint, secret } = await createEndpoint({ ...input, description: 'test receiver' });
  return { id: endpoint.id, secret, publicKey: endpoint.public_key };
}

/** Records events the way every operation does (WriteSet.recordEvent + commit), one transaction each. */
export async function recordEvents(scope: Scope, count: number, type: EventType = 'company.updated'): Promise<ApiEvent[]> {
  const out: ApiEvent[] = [];
  for (let i = 0; i < count; i++) {
    const companyId = newId('company');
    const resource = { object: 'company', id: companyId, n: i };
    // A change event carries what it changed (WriteSet.recordEvent refuses one without).
    const ws = new WriteSet(scope, tableName()).recordEvent({
      type,
      companyId,
      resource,
      ...(isChangeEvent(type) ? { previous: { n: null } } : {}),
    });
    out.push(...(await commit(ws)).map((c) => c.event));
  }
  return out;
}

export interface Delivery {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
  /** The sender's port: one per kept-alive connection. */
  remotePort?: number;
}

export type Answer = { status: number; headers?: Record<string, string>; delayMs?: number; body?: string };

/** A webhook receiver on 127.0.0.1 that records every request and answers as `answer` says. */
export async function startReceiver(answer: (d: Delivery, index: number) => Answer = () => ({ status: 200 })) {
  const deliveries: Delivery[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const d: Delivery = {
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
        remotePort: req.socket.remotePort,
      };
      deliveries.push(d);
      const a = answer(d, deliveries.length - 1);
      const reply = () => {
        if (res.destroyed) return;
        res.writeHead(a.status, a.headers ?? {});
        res.end(a.body ?? '');
      };
      if (a.delayMs) setTimeout(reply, a.delayMs);
      else reply();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hooks`;
  return {
    url,
    deliveries,
    ids: () => deliveries.map((d) => d.headers['webhook-id'] as string),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** How often a poll of the dashboard's JSON face asks: well under its per-person limit (lib/http/dashboard/rate-limit.ts). */
export const DASHBOARD_POLL_MS = 200;

/**
 * How long a test waits for something the pipeline does (a delivery, an attempt, a retry). Every file
 * of a tier shares one test stack, so a delivery may queue behind another file's burst of events: the
 * wait is for the event, and this bound only turns a real hang into a failure that names what never
 * came. It stays under the tiers' test timeout (jest.config.js), so that failure is the one printed.
 */
export const WAIT_MS = 60_000;

/** Polls until `check` returns a truthy value (bounded by WAIT_MS unless told; never a fixed sleep). */
export async function eventually<T>(
  check: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  timeoutMs = WAIT_MS,
  what = 'condition',
  /** Between checks; a check that calls the dashboard's JSON face waits longer (it is rate-limited per person). */
  intervalMs = 25,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
