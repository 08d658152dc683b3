import { sessionFor } from '../support/dashboard';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { QueryCommand } from '../../lib/store/dynamodb';
import { Webhook } from 'standardwebhooks';
import { useStackDatabase } from '../support/stack';
import { api, type HttpResult } from '../support/http';
import { DASHBOARD_POLL_MS, eventually, WAIT_MS, recordEvents, startReceiver, type Answer, type Delivery } from '../support/webhooks';
import { createPartner } from '../../lib/partners/partner';
import { db, tableName } from '../../lib/store/client';
import { localQueuePartition, webhookLaneKey } from '../../lib/store/keys';
import { readLane } from '../../lib/webhooks/lane/lane-state';
import { GetCommand } from '../../lib/store/dynamodb';
import type { Scope } from '../../lib/scope';
import { localLaneQueueNames } from '../../infra/local/webhook-pipeline';

/**
 * The webhook tools of the dashboard's JSON face (docs/api.md, "Added for the partner
 * experience"): edit and delete an endpoint, the `enabled_events` rules, a test event, health and
 * "retry now", attempts as "n of 10" with pages. Over HTTP against the embedded default, with a
 * partner of this file alone so no other suite's events reach these receivers.
 */
const c = useStackDatabase();
process.env.LOCAL_DIR = process.env.TEST_LOCAL_DIR;

let partnerId = '';
let session = '';
let apiKey = '';
let test: Scope;
const receivers: { close(): Promise<void> }[] = [];

const face = (method: string, path: string, body?: unknown): Promise<HttpResult> =>
  api(undefined, { Authorization: `Bearer ${session}` }).send(method, `${c.dashboard_url}/api${path}`, body);

beforeAll(async () => {
  partnerId = (await createPartner({ name: 'Webhook tools e2e', ownerEmail: 'owner@webhook-tools.test' })).id;
  test = { partnerId, mode: 'test' };
  session = (await sessionFor(partnerId, { email: 'owner@webhook-tools.test' })).token;
  const key = await face('POST', '/keys', { livemode: false, name: 'webhook tools e2e' });
  expect(key.status).toBe(201);
  apiKey = key.body.secret;
});

afterEach(async () => {
  // Each test's endpoints stop receiving when it ends, so the next test's events reach only its own.
  const listed = await face('GET', '/webhook-endpoints');
  for (const e of listed.body.items as { id: string }[]) await face('DELETE', `/webhook-endpoints/${e.id}`);
  for (const r of receivers.splice(0)) await r.close();
});

async function receiver(answer?: (d: Delivery, index: number) => Answer) {
  const r = await startReceiver(answer);
  receivers.push(r);
  return r;
}

async function endpoint(url: string, extra: Record<string, unknown> = {}) {
  const res = await face('POST', '/webhook-endpoints', { url, livemode: false, ...extra });
  expect(res.status).toBe(201);
  return res.body as { id: string; secret: string };
}

function expectRefused(res: HttpResult, location: string, fix: RegExp) {
  expect(res.status).toBe(400);
  expect(res.body.code).toBe('invalid_request');
  const entry = res.body.errors.find((e: { location: string }) => e.location === location);
  expect(entry).toBeDefined();
  expect(entry.how_to_fix).toMatch(fix);
}

describe('enabled_events: exact types, * and <prefix>.*, one rule for validation and delivery', () => {
  it('refuses an unknown type naming the closest known one, and accepts * and company.*', async () => {
    const r = await receiver();
    expectRefused(
      await face('POST', '/webhook-endpoints', { url: r.url, livemode: false, enabled_events: ['company.craeted'] }),
      '$.enabled_events[0]',
      /"company\.created" \(the closest to 'company\.craeted'\)/,
    );
    expectRefused(
      await face('POST', '/webhook-endpoints', { url: r.url, livemode: false, enabled_events: ['company.created', 'compny.*'] }),
      '$.enabled_events[1]',
      /"company\.\*"/,
    );
    for (const enabled_events of [['*'], ['company.*'], ['company.status.*', 'invoice.finalized']]) {
      const res = await face('POST', '/webhook-endpoints', { url: r.url, livemode: false, enabled_events });
      expect([enabled_events, res.status]).toEqual([enabled_events, 201]);
      expect(res.body.enabled_events).toEqual(enabled_events);
    }
  });

  it('delivers exactly what an accepted prefix selects', async () => {
    const r = await receiver();
    await endpoint(r.url, { enabled_events: ['company.status.*'] });
    const [skipped] = await recordEvents(test, 1, 'company.updated');
    const [taken] = await recordEvents(test, 1, 'company.status.changed');
    await eventually(() => r.ids().includes(taken.id), WAIT_MS, 'the selected event');
    // The lane delivers in log order: had the filter taken the earlier event, it would have come first.
    expect(r.ids()).toEqual([taken.id]);
    expect(skipped.id).not.toBe(taken.id);
  });
});

describe('PATCH /dashboard/api/webhook-endpoints/{id}', () => {
  it('changes URL, description and event types; a new URL is checked as on creation', async () => {
    const first = await receiver();
    const second = await receiver();
    const { id } = await endpoint(first.url, { enabled_events: ['company.created'], description: 'before' });

    const patched = await face('PATCH', `/webhook-endpoints/${id}`, {
      url: second.url,
      description: 'after',
      enabled_events: ['company.*'],
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id, url: second.url, description: 'after', enabled_events: ['company.*'], status: 'enabled' });
    expect((await face('GET', `/webhook-endpoints/${id}`)).body).toMatchObject({ url: second.url, description: 'after' });

    // Only what is sent changes; an empty body changes nothing.
    expect((await face('PATCH', `/webhook-endpoints/${id}`, { description: 'again' })).body).toMatchObject({
      url: second.url,
      enabled_events: ['company.*'],
      description: 'again',
    });
    expect((await face('PATCH', `/webhook-endpoints/${id}`, {})).status).toBe(200);

    // Deliveries follow the new URL and filter.
    const [event] = await recordEvents(test, 1, 'company.updated');
    await eventually(() => second.ids().includes(event.id), WAIT_MS, 'delivery to the new URL');
    expect(first.ids()).toEqual([]);

    // Refused, and nothing written: a private address, an unknown type, an unknown field.
    expectRefused(await face('PATCH', `/webhook-endpoints/${id}`, { url: 'http://10.0.0.8/hooks' }), '$.url', /./);
    expectRefused(
      await face('PATCH', `/webhook-endpoints/${id}`, { enabled_events: ['requirment.created'] }),
      '$.enabled_events[0]',
      /"requirement\.created"/,
    );
    expect((await face('PATCH', `/webhook-endpoints/${id}`, { livemode: true })).status).toBe(400);
    expect((await face('GET', `/webhook-endpoints/${id}`)).body).toMatchObject({ url: second.url, enabled_events: ['company.*'] });
  });
});

describe('DELETE /dashboard/api/webhook-endpoints/{id}', () => {
  it('deletes the endpoint, cancels its queued deliveries and keeps its events in GET /events', async () => {
    const r = await receiver(() => ({ status: 500 }));
    const { id } = await endpoint(r.url);
    const events = await recordEvents(test, 3, 'company.updated');
    await eventually(() => r.deliveries.length >= 1, WAIT_MS, 'the first (failing) attempt');
    // The failing head's message waits on the queue (with the two events behind it).
    expect(await queuedMessagesOf(id)).toBeGreaterThan(0);

    const deleted = await face('DELETE', `/webhook-endpoints/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ object: 'webhook_endpoint', id, deleted: true });
    expect((await face('GET', `/webhook-endpoints/${id}`)).body.code).toBe('resource_missing');
    expect((await face('DELETE', `/webhook-endpoints/${id}`)).body.code).toBe('resource_missing');

    // Its queued messages are handled (cancelled) as the lane meets them: none is left, no cursor is
    // written again, and the receiver got nothing after the delete.
    const before = r.deliveries.length;
    await eventually(async () => (await queuedMessagesOf(id)) === 0, 60_000, 'the queued deliveries cancelled');
    expect(r.deliveries.length).toBe(before);
    expect(
      (await db().send(new GetCommand({ TableName: tableName(), Key: webhookLaneKey(id), ConsistentRead: true }))).Item,
    ).toBeUndefined();

    for (const event of events) expect((await api(apiKey).get(`/events/${event.id}`)).status).toBe(200);
  });

  it('npm run listen deletes its endpoint through the same DELETE when stopped', async () => {
    const target = await receiver();
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/listen.ts', '--forward-to', target.url], {
      cwd: join(__dirname, '..', '..'),
      env: { ...process.env, LOCAL_DIR: process.env.TEST_LOCAL_DIR },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d.toString()));
    child.stderr.on('data', (d) => (out += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    await eventually(() => /Ready!/.test(out), 60_000, 'npm run listen ready');
    const demo = (path: string) => api(undefined, { Authorization: `Bearer ${c.dashboard_session}` }).get(`${c.dashboard_url}/api${path}`);
    const mine = ((await demo('/webhook-endpoints')).body.items as { id: string; description: string }[]).find((e) =>
      e.description.includes(target.url),
    );
    expect(mine).toBeDefined();
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(out).toContain(`Deleted endpoint ${mine!.id}.`);
    expect((await demo(`/webhook-endpoints/${mine!.id}`)).body.code).toBe('resource_missing');
  });
});

/** Messages of the endpoint's FIFO group still on the embedded default's lane queues (every shard's). */
async function queuedMessagesOf(endpointId: string): Promise<number> {
  const counts = await Promise.all(
    localLaneQueueNames((c.webhook_queue_urls as string[]).length).map(async (name) => {
      const res = await db().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'pk = :pk',
          FilterExpression: '#g = :g',
          ExpressionAttributeNames: { '#g': 'group' },
          ExpressionAttributeValues: { ':pk': localQueuePartition(name), ':g': endpointId },
          ConsistentRead: true,
        }),
      );
      return res.Items?.length ?? 0;
    }),
  );
  return counts.reduce((a, b) => a + b, 0);
}

describe('POST /dashboard/api/webhook-endpoints/{id}/test', () => {
  it('records a webhook_endpoint.test event and delivers it, signed, to that endpoint alone', async () => {
    const mine = await receiver();
    const others = await receiver();
    const target = await endpoint(mine.url, { enabled_events: ['invoice.finalized'] });
    await endpoint(others.url, { enabled_events: ['*'] });

    const sent = await face('POST', `/webhook-endpoints/${target.id}/test`);
    expect(sent.status).toBe(202);
    expect(sent.body).toMatchObject({
      object: 'event',
      type: 'webhook_endpoint.test',
      livemode: false,
      data: { object: { object: 'webhook_endpoint', id: target.id, url: mine.url, livemode: false } },
    });
    expect(sent.body.company_id).toBeUndefined();
    // In the log like every event.
    expect((await api(apiKey).get(`/events/${sent.body.id}`)).body).toEqual(sent.body);

    // Delivered to it (whatever its filter), signed like any delivery.
    const delivery = await eventually(
      () => mine.deliveries.find((d) => d.headers['webhook-id'] === sent.body.id),
      WAIT_MS,
      'the test delivery',
    );
    const verified = new Webhook(target.secret).verify(delivery.body, delivery.headers as Record<string, string>);
    expect(verified).toMatchObject({ id: sent.body.id, type: 'webhook_endpoint.test' });

    // Not to the other endpoint, though it takes `*`: its lane delivers in log order, so a later event
    // arriving without the test event before it shows the test event was never its to deliver.
    const [later] = await recordEvents(test, 1, 'company.updated');
    await eventually(() => others.ids().includes(later.id), WAIT_MS, 'the later event at the other endpoint');
    expect(others.ids()).toEqual([later.id]);

    // The attempt is on the endpoint, with its type.
    const attempts = await eventually(
      async () => {
        const res = await face('GET', `/webhook-endpoints/${target.id}/attempts`);
        return res.body.items.length ? res.body.items : undefined;
      },
      WAIT_MS,
      'the attempt',
      DASHBOARD_POLL_MS,
    );
    expect(attempts[0]).toMatchObject({ event_id: sent.body.id, event_type: 'webhook_endpoint.test', outcome: 'succeeded', attempt: 1 });
  });

  it('refuses a disabled endpoint and another partner’s', async () => {
    const r = await receiver();
    const { id } = await endpoint(r.url);
    await face('POST', `/webhook-endpoints/${id}/disable`);
    expectRefused(await face('POST', `/webhook-endpoints/${id}/test`), '$.id', /Enable the endpoint first/);
    const other = await api(undefined, { Authorization: `Bearer ${c.other_partner.dashboard_session}` }).post(
      `${c.dashboard_url}/api/webhook-endpoints/${id}/test`,
    );
    expect(other.body.code).toBe('resource_missing');
  });

  it('the actions that take no body refuse a field sent, as the partner API does, and change nothing', async () => {
    const r = await receiver();
    const { id } = await endpoint(r.url);
    const key = (await face('POST', '/keys', { livemode: false, name: 'to revoke' })).body.id;
    for (const [method, path] of [
      ['POST', `/webhook-endpoints/${id}/test`],
      ['POST', `/webhook-endpoints/${id}/retry`],
      ['POST', `/webhook-endpoints/${id}/disable`],
      ['POST', `/webhook-endpoints/${id}/secret/roll`],
      ['DELETE', `/webhook-endpoints/${id}`],
      ['POST', `/keys/${key}/revoke`],
    ]) {
      const res = await face(method, path, { event_id: 'evt_0000000000000000000000' });
      expect([path, res.status, res.body.errors]).toEqual([
        path,
        400,
        [expect.objectContaining({ location: '$.event_id', validation_type: 'additionalProperties' })],
      ]);
    }
    expect((await face('GET', `/webhook-endpoints/${id}`)).body.status).toBe('enabled');
    expect((await face('GET', '/keys')).body.items.find((k: { id: string }) => k.id === key).revoked_at).toBeNull();
    expect(r.deliveries).toHaveLength(0);
  });
});

describe('health, retry now and attempts as "n of 10"', () => {
  it('shows a failing endpoint with its queue and next attempt; retry now attempts the head at once', async () => {
    // A failure (attempt 1), then a deferral for an hour (Retry-After: spends no attempt), then success.
    const r = await receiver((_d, i) =>
      i === 0 ? { status: 500, body: 'database down' } : i === 1 ? { status: 429, headers: { 'Retry-After': '3600' } } : { status: 200 },
    );
    const { id } = await endpoint(r.url);
    const events = await recordEvents(test, 3, 'company.updated');
    // The deferral is recorded once the lane's next attempt is an hour out: the receiver has its second
    // delivery a moment before the signer writes that, and until then the lane still shows the first
    // failure's short backoff.
    await eventually(
      async () => {
        const lane = await readLane(id);
        return r.deliveries.length >= 2 && lane?.waiting_receipts && Date.parse(lane.next_attempt_at ?? '') > Date.now() + 3000 * 1000;
      },
      60_000,
      'the deferral',
    );

    const failing = (await face('GET', `/webhook-endpoints/${id}`)).body.health;
    expect(failing).toMatchObject({ state: 'failing', last_success_at: null, queued: 3 });
    expect(Date.parse(failing.next_attempt_at) - Date.parse(failing.failing_since)).toBeGreaterThan(3000 * 1000);
    const listed = (await face('GET', '/webhook-endpoints')).body.items.find((e: { id: string }) => e.id === id);
    expect(listed.health.state).toBe('failing');

    const retried = await face('POST', `/webhook-endpoints/${id}/retry`);
    expect(retried.status).toBe(202);
    expect(retried.body).toMatchObject({ object: 'webhook_retry', endpoint_id: id, event_id: events[0].id });
    await eventually(() => events.every((e) => r.ids().includes(e.id)), 60_000, 'every event delivered after retry now');
    expect(r.ids()).toEqual([events[0].id, events[0].id, events[0].id, events[1].id, events[2].id]);

    const healthy = await eventually(
      async () => {
        const h = (await face('GET', `/webhook-endpoints/${id}`)).body.health;
        return h.state === 'healthy' && h.queued === 0 ? h : undefined;
      },
      WAIT_MS,
      'healthy',
      DASHBOARD_POLL_MS,
    );
    expect(healthy).toMatchObject({ failing_since: null, next_attempt_at: null });
    expect(healthy.last_success_at).not.toBeNull();

    // The deferral spent no attempt: the head's tries read 1, 2 (deferred), 2 of 10.
    const all = (await face('GET', `/webhook-endpoints/${id}/attempts`)).body.items.reverse();
    expect(all.map((a: any) => [a.event_id, `${a.attempt} of ${a.max_attempts}`, a.outcome, a.status_code])).toEqual([
      [events[0].id, '1 of 10', 'failed', 500],
      [events[0].id, '2 of 10', 'deferred', 429],
      [events[0].id, '2 of 10', 'succeeded', 200],
      [events[1].id, '1 of 10', 'succeeded', 200],
      [events[2].id, '1 of 10', 'succeeded', 200],
    ]);
    expect(all[0].response_body).toBe('database down');

    // Nothing waits any more.
    expectRefused(
      await face('POST', `/webhook-endpoints/${id}/retry`),
      '$.id',
      new RegExp(`GET /dashboard/api/webhook-endpoints/${id}: health\\.next_attempt_at`),
    );
  });

  it('pages the attempts with next_cursor and refuses a cursor it did not make', async () => {
    const r = await receiver();
    const { id } = await endpoint(r.url);
    const events = await recordEvents(test, 3, 'company.updated');
    await eventually(() => events.every((e) => r.ids().includes(e.id)), WAIT_MS, 'three deliveries');
    const all = await eventually(
      async () => {
        const res = await face('GET', `/webhook-endpoints/${id}/attempts`);
        return res.body.items.length === 3 ? res.body : undefined;
      },
      WAIT_MS,
      'three attempts',
      DASHBOARD_POLL_MS,
    );
    expect(all).toMatchObject({ has_more: false, next_cursor: null });
    const first = (await face('GET', `/webhook-endpoints/${id}/attempts?limit=2`)).body;
    expect(first).toMatchObject({ has_more: true });
    const second = (await face('GET', `/webhook-endpoints/${id}/attempts?limit=2&after=${first.next_cursor}`)).body;
    expect([...first.items, ...second.items].map((a: any) => a.event_id)).toEqual(all.items.map((a: any) => a.event_id));
    expectRefused(await face('GET', `/webhook-endpoints/${id}/attempts?after=bm9wZQ`), '$.after', /next_cursor/);
    // limit is digits only, as on every list: `0x2` is not 2.
    expectRefused(await face('GET', `/webhook-endpoints/${id}/attempts?limit=0x2`), '$.limit', /limit=25/);
  });
});

describe('the events browser: /dashboard/api/events and /dashboard/api/events/{eventID}', () => {
  it('lists both modes newest first, filters by mode, type, company and id, and pages across modes', async () => {
    const live: Scope = { partnerId, mode: 'live' };
    const made = [
      ...(await recordEvents(test, 2, 'company.updated')),
      ...(await recordEvents(live, 2, 'company.updated')),
      ...(await recordEvents(test, 1, 'company.created')),
      ...(await recordEvents(live, 1, 'requirement.created')),
    ];
    const newestFirst = [...made].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id));
    const ids = (res: HttpResult) => res.body.items.map((e: { id: string }) => e.id);

    const all = await face('GET', '/events?limit=100');
    expect(all.status).toBe(200);
    expect(ids(all).filter((id: string) => made.some((e) => e.id === id))).toEqual(newestFirst.map((e) => e.id));
    expect(new Set(all.body.items.map((e: { livemode: boolean }) => e.livemode))).toEqual(new Set([true, false]));

    // Pages of two over both modes: every event once, in order.
    const paged: string[] = [];
    let after: string | null = null;
    do {
      const res: HttpResult = await face('GET', `/events?limit=2${after ? `&after=${after}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.body.items.length).toBeLessThanOrEqual(2);
      paged.push(...ids(res));
      after = res.body.next_cursor;
    } while (after);
    expect(paged).toEqual(ids(all));

    expect(ids(await face('GET', '/events?livemode=true&limit=100')).sort()).toEqual(
      made
        .filter((e) => e.livemode)
        .map((e) => e.id)
        .sort(),
    );
    expect(ids(await face('GET', '/events?type=company.created'))).toEqual([made[4].id]);
    expect(ids(await face('GET', `/events?company_id=${made[1].company_id}`))).toEqual([made[1].id]);
    expect(ids(await face('GET', `/events?id=${made[3].id}`))).toEqual([made[3].id]);
    expect(ids(await face('GET', `/events?id=${made[3].id}&livemode=false`))).toEqual([]);
    expectRefused(await face('GET', '/events?type=company.craeted'), '$.type', /company\.created/);
    expectRefused(await face('GET', '/events?limit=1e1'), '$.limit', /limit=25/);
    // A malformed id is told what an id looks like, with one to copy, as GET /v1/events tells it.
    expectRefused(await face('GET', '/events?company_id=cmp_bad'), '$.company_id', /such as cmp_[0-9A-Za-z]{22}\b/);
    expectRefused(await face('GET', '/events?id=evt_bad'), '$.id', /such as evt_[0-9A-Za-z]{22}\b/);
  });

  it('shows one event with its payload and, per endpoint, every attempt', async () => {
    const r = await receiver((_d, i) => ({ status: i === 0 ? 500 : 200 }));
    const { id } = await endpoint(r.url);
    const [event] = await recordEvents(test, 1, 'company.updated');
    await eventually(() => r.deliveries.length >= 2, WAIT_MS, 'a failure then the success');
    const one = await eventually(
      async () => {
        const res = await face('GET', `/events/${event.id}`);
        return res.body.deliveries?.[0]?.attempts.length === 2 ? res : undefined;
      },
      WAIT_MS,
      'both attempts on the event',
      DASHBOARD_POLL_MS,
    );
    const { deliveries, ...rest } = one.body;
    expect(rest).toEqual(event);
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ endpoint_id: id, url: r.url, status: 'enabled' });
    expect(deliveries[0].attempts.map((a: any) => [a.attempt, a.outcome])).toEqual([
      [2, 'succeeded'],
      [1, 'failed'],
    ]);
    expect((await face('GET', `/events/evt_${'x'.repeat(22)}`)).body.code).toBe('resource_missing');
  });
});

describe('the overview page', () => {
  it('shows endpoints by health, the last day of deliveries, the newest events and keys expiring soon', async () => {
    const r = await receiver();
    const { id } = await endpoint(r.url, { description: 'overview endpoint' });
    const [event] = await recordEvents(test, 1, 'company.updated');
    await eventually(() => r.ids().includes(event.id), WAIT_MS, 'the delivery');
    const soon = new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString();
    expect((await face('POST', '/keys', { livemode: false, name: 'expiring soon', expires_at: soon })).status).toBe(201);
    const html = await eventually(
      async () => {
        const res = await fetch(`${new URL(c.dashboard_url).origin}/dashboard`, { headers: { Cookie: `dash_session=${session}` } });
        const text = await res.text();
        return /<strong>[1-9]\d*<\/strong> delivered/.test(text) ? text : undefined;
      },
      WAIT_MS,
      'the delivery counted',
    );
    expect(html).toContain(`data-endpoint="${id}"`);
    expect(html).toMatch(/1 healthy/);
    expect(html).toContain(`data-event="${event.id}"`);
    expect(html).toMatch(/expiring soon<\/strong> expires/);
  });
});
