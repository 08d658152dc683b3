import { createPublicKey, verify } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { useStackDatabase } from '../support/stack';
import { api } from '../support/http';
import {
  createTestEndpoint,
  DASHBOARD_POLL_MS,
  eventually,
  WAIT_MS,
  recordEvents,
  startReceiver,
  type TestEndpoint,
} from '../support/webhooks';
import { endpointById } from '../../lib/webhooks/endpoints';
import { disableEndpoint } from '../../lib/webhooks/endpoints';
import { listAttempts } from '../../lib/webhooks/lane/attempt-log';
import { readLane } from '../../lib/webhooks/lane/lane-state';
import { resendEvent } from '../../lib/webhooks/operations/resend-event';
import { recoverEvents } from '../../lib/webhooks/operations/recover-events';
import { resetSqsClient } from '../../lib/webhooks/queue/delivery-queue';
import type { Scope } from '../../lib/scope';
import { createPartner } from '../../lib/partners/partner';

const c = useStackDatabase();
// The stack's master key (secrets are encrypted with it) and its FIFO lane queues (resend/recover).
process.env.LOCAL_DIR = process.env.TEST_LOCAL_DIR;
process.env.WEBHOOK_QUEUE_URLS = (c.webhook_queue_urls as string[]).join(',');
process.env.SQS_ENDPOINT = new URL((c.webhook_queue_urls as string[])[0]).origin;

// Partners of this file alone, so events other suites record never reach these receivers.
let partnerId = '';
let otherPartnerId = '';
let live: Scope;
let test: Scope;
const made: { partnerId: string; id: string }[] = [];
const receivers: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  partnerId = (await createPartner({ name: 'Webhook e2e', ownerEmail: 'owner@webhook-e2e.test' })).id;
  otherPartnerId = (await createPartner({ name: 'Webhook e2e other', ownerEmail: 'owner@webhook-e2e-other.test' })).id;
  live = { partnerId, mode: 'live' };
  test = { partnerId, mode: 'test' };
});

async function endpointFor(scope: Scope, url: string, enabledEvents?: string[]): Promise<TestEndpoint> {
  const e = await createTestEndpoint({ partnerId: scope.partnerId, mode: scope.mode, url, enabledEvents });
  made.push({ partnerId: scope.partnerId, id: e.id });
  return e;
}

async function receiver(...args: Parameters<typeof startReceiver>) {
  const r = await startReceiver(...args);
  receivers.push(r);
  return r;
}

// Each test's endpoints stop receiving when it ends, so the next test's events reach only its own.
afterEach(async () => {
  for (const e of made.splice(0)) await disableEndpoint(e.partnerId, e.id, 'manual');
  for (const r of receivers.splice(0)) await r.close();
});
afterAll(() => resetSqsClient());

/** The endpoint's attempts, oldest first, once at least `n` are recorded. */
async function attempts(endpointId: string, n: number) {
  return eventually(
    async () => {
      const list = (await listAttempts(endpointId)).items;
      return list.length >= n ? list.reverse() : undefined;
    },
    WAIT_MS,
    `${n} attempts`,
  );
}

describe('webhook delivery over the local pipeline', () => {
  it('signs every delivery with v1 (standardwebhooks verifies) and v1a (ed25519), under both header sets', async () => {
    const r = await receiver();
    const endpoint = await endpointFor(test, r.url);
    const events = await recordEvents(test, 3);
    await eventually(() => r.deliveries.length >= 3, WAIT_MS, 'three deliveries');

    const wh = new Webhook(endpoint.secret);
    const publicKey = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(endpoint.publicKey.slice(5), 'base64').toString('base64url') },
      format: 'jwk',
    });
    r.deliveries.forEach((d, i) => {
      const headers = d.headers as Record<string, string>;
      expect(wh.verify(d.body, headers)).toEqual(events[i]);
      expect(JSON.parse(d.body)).toEqual(events[i]);
      expect(headers['webhook-id']).toBe(events[i].id);
      expect(headers['service-webhook-id']).toBe(headers['webhook-id']);
      expect(headers['service-webhook-timestamp']).toBe(headers['webhook-timestamp']);
      expect(headers['service-webhook-signature']).toBe(headers['webhook-signature']);
      const v1a = headers['webhook-signature']
        .split(' ')
        .find((s) => s.startsWith('v1a,'))!
        .slice(4);
      const content = Buffer.from(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${d.body}`);
      expect(verify(null, content, publicKey, Buffer.from(v1a, 'base64'))).toBe(true);
    });
  });

  it('a receiver rejects a delivery whose timestamp is more than five minutes away', async () => {
    const r = await receiver();
    const endpoint = await endpointFor(test, r.url);
    await recordEvents(test, 1);
    const d = await eventually(() => r.deliveries[0], WAIT_MS, 'a delivery');
    const stale = { ...(d.headers as Record<string, string>) };
    const old = String(Number(stale['webhook-timestamp']) - 301);
    stale['webhook-timestamp'] = old;
    expect(() => new Webhook(endpoint.secret).verify(d.body, stale)).toThrow();
  });

  it("test-mode events reach only test endpoints, live only live, and never the other partner's", async () => {
    const [demoLive, demoTest, otherLive, otherTest] = await Promise.all([receiver(), receiver(), receiver(), receiver()]);
    await endpointFor(live, demoLive.url);
    await endpointFor(test, demoTest.url);
    await endpointFor({ partnerId: otherPartnerId, mode: 'live' }, otherLive.url);
    await endpointFor({ partnerId: otherPartnerId, mode: 'test' }, otherTest.url);
    const testEvents = await recordEvents(test, 2);
    const liveEvents = await recordEvents(live, 1);
    await eventually(() => demoTest.deliveries.length >= 2 && demoLive.deliveries.length >= 1, WAIT_MS, 'deliveries');
    // A later event of the other partner is delivered to it: everything before it has been fanned out.
    const otherEvents = await recordEvents({ partnerId: otherPartnerId, mode: 'test' }, 1);
    await eventually(() => otherTest.deliveries.length >= 1, WAIT_MS, 'the other partner delivery');

    expect(demoTest.ids()).toEqual(testEvents.map((e) => e.id));
    expect(demoLive.ids()).toEqual(liveEvents.map((e) => e.id));
    expect(otherTest.ids()).toEqual(otherEvents.map((e) => e.id));
    expect(otherLive.deliveries).toHaveLength(0);
  });

  it('only the event types an endpoint enabled are delivered to it', async () => {
    const r = await receiver();
    await endpointFor(test, r.url, ['company.verified']);
    const [skipped] = await recordEvents(test, 1, 'company.updated');
    const [wanted] = await recordEvents(test, 1, 'company.verified');
    await eventually(() => r.deliveries.length >= 1, WAIT_MS, 'the wanted event');
    expect(r.ids()).toEqual([wanted.id]);
    expect(r.ids()).not.toContain(skipped.id);
  });

  it("keeps an endpoint's events in created_at order while it fails, retrying the same webhook-id", async () => {
    const r = await receiver((_d, i) => ({ status: i < 4 ? 500 : 200 }));
    const endpoint = await endpointFor(test, r.url);
    const events = await recordEvents(test, 5);
    await eventually(
      async () => (await readLane(endpoint.id))?.last_seq !== undefined && r.deliveries.length >= 9,
      WAIT_MS,
      'all five acknowledged',
    );

    // The first event is retried (same webhook-id) until acknowledged; no later event overtakes it.
    const ids = r.ids();
    expect(ids.slice(0, 5)).toEqual(Array(5).fill(events[0].id));
    expect(ids.slice(5)).toEqual(events.slice(1).map((e) => e.id));
    const all = await attempts(endpoint.id, 5);
    expect(all.slice(0, 4).map((a) => [a.outcome, a.status_code, a.attempt])).toEqual([
      ['failed', 500, 1],
      ['failed', 500, 2],
      ['failed', 500, 3],
      ['failed', 500, 4],
    ]);
    expect(all[3].next_attempt_at).not.toBeNull();
    expect(all[4]).toMatchObject({ event_id: events[0].id, outcome: 'succeeded', status_code: 200, attempt: 5, next_attempt_at: null });
  });

  it('a 429 with Retry-After pushes the next attempt back without spending an attempt of the schedule', async () => {
    // More 429s than the schedule has attempts: the event is still delivered, not given up on.
    const r = await receiver((_d, i) => (i < 12 ? { status: 429, headers: { 'Retry-After': '0' } } : { status: 200 }));
    const endpoint = await endpointFor(test, r.url);
    const [event] = await recordEvents(test, 1);
    await eventually(() => r.deliveries.length >= 13, WAIT_MS, 'the acknowledged delivery');
    const all = await attempts(endpoint.id, 13);
    expect(all.slice(0, 12).every((a) => a.outcome === 'deferred' && a.error === 'retry_after' && a.status_code === 429)).toBe(true);
    // Deferrals spend no attempt of the schedule, so none advances the counter: every try, the
    // deferred ones and the one that succeeds, is attempt 1 of 10.
    expect(all.map((a) => `${a.attempt} of ${a.max_attempts}`)).toEqual(Array(13).fill('1 of 10'));
    expect(all[12]).toMatchObject({ event_id: event.id, event_type: 'company.updated', outcome: 'succeeded', attempt: 1 });
  });

  it('a 503 Retry-After is honoured as asked: the next attempt is scheduled that far out', async () => {
    const r = await receiver((_d, i) => (i === 0 ? { status: 503, headers: { 'Retry-After': '1' } } : { status: 200 }));
    const endpoint = await endpointFor(test, r.url);
    await recordEvents(test, 1);
    await eventually(() => r.deliveries.length >= 2, WAIT_MS, 'the retry');
    const [first] = await attempts(endpoint.id, 1);
    expect(first.outcome).toBe('deferred');
    expect(Date.parse(first.next_attempt_at!) - Date.parse(first.attempted_at)).toBeGreaterThanOrEqual(1000);
  });

  it('a 3xx is a failure and its Location is never followed', async () => {
    const elsewhere = await receiver();
    const r = await receiver((_d, i) => (i === 0 ? { status: 302, headers: { Location: elsewhere.url } } : { status: 204 }));
    const endpoint = await endpointFor(test, r.url);
    await recordEvents(test, 1);
    await eventually(() => r.deliveries.length >= 2, WAIT_MS, 'the retry');
    const [first, second] = await attempts(endpoint.id, 2);
    expect(first).toMatchObject({ outcome: 'failed', status_code: 302, error: 'redirect_not_followed' });
    expect(second).toMatchObject({ outcome: 'succeeded', status_code: 204 });
    expect(elsewhere.deliveries).toHaveLength(0);
  });

  it('no answer within the timeout is a failure; the retry carries the same webhook-id', async () => {
    const r = await receiver((_d, i) => (i === 0 ? { status: 200, delayMs: 3000 } : { status: 200 }));
    const endpoint = await endpointFor(test, r.url);
    const [event] = await recordEvents(test, 1);
    await eventually(() => r.deliveries.length >= 2, WAIT_MS, 'the retry');
    const [first] = await attempts(endpoint.id, 1);
    expect(first).toMatchObject({ outcome: 'failed', error: 'timeout', status_code: null });
    expect(r.ids()).toEqual([event.id, event.id]);
    expect(r.deliveries[1].headers['webhook-signature']).not.toBe(r.deliveries[0].headers['webhook-signature']);
  });

  it('a connection error is a failure', async () => {
    const r = await receiver();
    const dead = await receiver();
    await dead.close();
    const endpoint = await endpointFor(test, dead.url);
    await recordEvents(test, 1);
    const [first] = await attempts(endpoint.id, 1);
    expect(first).toMatchObject({ outcome: 'failed', error: 'connection_error', status_code: null });
    expect(r.deliveries).toHaveLength(0);
  });

  it('reads at most 64 KiB of an answer: an endless 200 body still acknowledges', async () => {
    const { createServer } = await import('node:http');
    const server = createServer((req, res) => {
      req.resume().on('end', () => {
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        const chunk = Buffer.alloc(16 * 1024, 120);
        const pump = () => {
          while (!res.destroyed && res.write(chunk));
          if (!res.destroyed) res.once('drain', pump);
        };
        pump();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    receivers.push({
      close: () =>
        new Promise<void>((r) => {
          server.closeAllConnections();
          server.close(() => r());
        }),
    });
    const endpoint = await endpointFor(test, `http://127.0.0.1:${(server.address() as { port: number }).port}/hooks`);
    await recordEvents(test, 1);
    const [first] = await attempts(endpoint.id, 1);
    expect(first).toMatchObject({ outcome: 'succeeded', status_code: 200, error: null });
  });

  it('keeps one connection alive per endpoint across deliveries', async () => {
    const r = await receiver();
    const endpoint = await endpointFor(test, r.url);
    const events = await recordEvents(test, 3);
    await eventually(() => r.deliveries.length >= 3, WAIT_MS, 'three deliveries');
    expect(new Set(r.deliveries.map((d) => d.remotePort)).size).toBe(1);
    expect(r.ids()).toEqual(events.map((e) => e.id));
    expect(endpoint.id).toMatch(/^we_/);
  });

  it('410 Gone disables the endpoint and cancels its queued deliveries', async () => {
    // Answered slowly, so all four events are on the lane before the endpoint is disabled (the
    // fan-out sends nothing to a disabled endpoint).
    const r = await receiver(() => ({ status: 410, delayMs: 800 }));
    const endpoint = await endpointFor(test, r.url);
    const events = await recordEvents(test, 4);
    const last = events.at(-1)!;
    // The lane has handled (cancelled) every queued delivery once its cursor reaches the last event.
    await eventually(
      async () => {
        const lane = await readLane(endpoint.id);
        return lane?.last_created_at === last.created_at;
      },
      WAIT_MS,
      'the lane to pass the last event',
    );
    expect(r.ids()).toEqual([events[0].id]);
    expect(await endpointById(partnerId, endpoint.id)).toMatchObject({ status: 'disabled', disabled_reason: 'gone' });
    expect((await attempts(endpoint.id, 1))[0]).toMatchObject({ outcome: 'disabled', status_code: 410, error: 'gone' });
  });

  it('resend delivers one event again; recover re-delivers every event since a time, in order', async () => {
    const r = await receiver();
    const endpoint = await endpointFor(test, r.url);
    const events = await recordEvents(test, 3);
    await eventually(() => r.deliveries.length >= 3, WAIT_MS, 'first deliveries');

    await resendEvent(partnerId, endpoint.id, events[1].id);
    await eventually(() => r.deliveries.length >= 4, WAIT_MS, 'the resend');
    expect(r.ids()[3]).toBe(events[1].id);

    const result = await recoverEvents(partnerId, endpoint.id, events[0].created_at);
    expect(result.events).toBeGreaterThanOrEqual(3);
    await eventually(() => r.deliveries.length >= 4 + result.events, WAIT_MS, 'the recovered events');
    const recovered = r.ids().slice(4);
    expect(recovered.slice(0, 3)).toEqual(events.map((e) => e.id));
  });

  it("resend refuses another partner's endpoint as missing", async () => {
    const r = await receiver();
    const endpoint = await endpointFor({ partnerId: otherPartnerId, mode: 'test' }, r.url);
    const [event] = await recordEvents(test, 1);
    await expect(resendEvent(partnerId, endpoint.id, event.id)).rejects.toMatchObject({ code: 'resource_missing' });
  });
});

describe('the dashboard JSON face of deliveries', () => {
  const dashboard = (session: string) => ({
    get: (path: string) => api(undefined, { Authorization: `Bearer ${session}` }).get(`${c.dashboard_url}/api/webhook-endpoints${path}`),
    post: (path: string, body: unknown) =>
      api(undefined, { Authorization: `Bearer ${session}` }).post(`${c.dashboard_url}/api/webhook-endpoints${path}`, body),
  });

  it('lists attempts newest first, resends one event and recovers events since a time', async () => {
    const r = await receiver();
    const created = await dashboard(c.dashboard_session).post('', { url: r.url, livemode: false });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    made.push({ partnerId: c.partner_id, id });
    const [event] = await recordEvents({ partnerId: c.partner_id, mode: 'test' }, 1);
    await eventually(() => r.ids().includes(event.id), WAIT_MS, 'the delivery');

    const attemptsRes = await eventually(
      async () => {
        const res = await dashboard(c.dashboard_session).get(`/${id}/attempts`);
        return res.body?.items?.some((a: { event_id: string }) => a.event_id === event.id) ? res : undefined;
      },
      WAIT_MS,
      'the attempt',
      DASHBOARD_POLL_MS,
    );
    expect(attemptsRes.status).toBe(200);
    const attempt = attemptsRes.body.items.find((a: { event_id: string }) => a.event_id === event.id);
    expect(Object.keys(attempt).sort()).toEqual([
      'attempt',
      'attempted_at',
      'duration_ms',
      'error',
      'event_id',
      'event_type',
      'max_attempts',
      'next_attempt_at',
      'outcome',
      'response_body',
      'status_code',
    ]);
    expect(attempt).toMatchObject({
      attempt: 1,
      max_attempts: 10,
      event_type: 'company.updated',
      status_code: 200,
      response_body: '',
      outcome: 'succeeded',
      error: null,
      next_attempt_at: null,
    });

    const resent = await dashboard(c.dashboard_session).post(`/${id}/resend`, { event_id: event.id });
    expect(resent.status).toBe(202);
    await eventually(() => r.ids().filter((x) => x === event.id).length >= 2, WAIT_MS, 'the resend');

    const recovered = await dashboard(c.dashboard_session).post(`/${id}/recover`, { since: event.created_at });
    expect(recovered.status).toBe(202);
    expect(recovered.body.events).toBeGreaterThanOrEqual(1);
    await eventually(() => r.ids().filter((x) => x === event.id).length >= 3, WAIT_MS, 'the recovered event');
  });

  it("refuses another partner's endpoint as missing and a malformed event id as invalid", async () => {
    const r = await receiver();
    const created = await dashboard(c.dashboard_session).post('', { url: r.url, livemode: false });
    made.push({ partnerId: c.partner_id, id: created.body.id });
    const other = dashboard(c.other_partner.dashboard_session as string);
    expect((await other.get(`/${created.body.id}/attempts`)).body.code).toBe('resource_missing');
    expect((await other.post(`/${created.body.id}/resend`, { event_id: `evt_${'a'.repeat(22)}` })).body.code).toBe('resource_missing');
    const bad = await dashboard(c.dashboard_session).post(`/${created.body.id}/resend`, { event_id: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('invalid_request');
  });
});
