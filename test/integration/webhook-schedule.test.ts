import { mkdtempSync, readdirSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { startDeliveryLanes, stopDeliveryPipeline } from '../support/delivery-lanes';
import { useStackDatabase } from '../support/stack';
import { createTestEndpoint, eventually, WAIT_MS, recordEvents, startReceiver } from '../support/webhooks';
import { ensureTable } from '../../infra/local/ensure-table';
import type { FifoLanes } from '../../infra/local/fifo-lanes';
import { startStreamPoller, type StreamPoller } from '../../infra/local/stream-poller';
import { handler as fanout } from '../../functions/webhooks/fanout';
import { setClock } from '../../lib/clock';
import { setResolver } from '../../lib/webhooks/url-safety';
import { disableEndpoint } from '../../lib/webhooks/endpoints';
import { randomBase62 } from '../../lib/ids';
import { createPartner } from '../../lib/partners/partner';
import { listAttempts } from '../../lib/webhooks/lane/attempt-log';
import { readLane } from '../../lib/webhooks/lane/lane-state';
import { endpointById } from '../../lib/webhooks/endpoints';
import { DEFAULT_RETRY_DELAYS_SECONDS } from '../../lib/webhooks/delivery/delivery-settings';
import { sendLaneMessages } from '../../lib/webhooks/queue/send-lane-messages';
import { RENEW_AT_RECEIVE } from '../../lib/webhooks/lane/poison';
import type { Scope } from '../../lib/scope';

/**
 * The delivery pipeline in this process (same handlers, the local stream poller and FIFO stand-in) on
 * a private table of the stack's DynamoDB Local, with lib/clock injected: days of retries in seconds.
 */
const c = useStackDatabase();
process.env.TABLE_NAME = `webhook-clock-${randomBase62(8)}`;
process.env.LOCAL_DIR = mkdtempSync(join(tmpdir(), 'webhook-clock-'));
delete process.env.WEBHOOK_RETRY_DELAYS; // the production schedule
process.env.POWERTOOLS_METRICS_DISABLED = 'true';
const HOLD_MS = 2000;

let fakeNow = Date.parse('2026-12-01T00:00:00.000Z');
const restoreClock = setClock(() => new Date(fakeNow));
let lanes: FifoLanes;
let poller: StreamPoller;

beforeAll(async () => {
  const client = new DynamoDBClient({
    endpoint: c.dynamodb_endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  await ensureTable(client, process.env.TABLE_NAME!);
  client.destroy();
  lanes = await startDeliveryLanes({ queueNames: ['clock-test.fifo'], holdMs: HOLD_MS, concurrency: 4 });
  poller = await startStreamPoller({
    endpoint: c.dynamodb_endpoint,
    region: 'us-east-1',
    table: process.env.TABLE_NAME!,
    handler: (e) => fanout(e),
    pollMs: 50,
  });
});

afterAll(async () => {
  await stopDeliveryPipeline(poller, lanes);
  restoreClock();
});

/** Move the clock and let the lanes look for due messages. */
function advanceTo(ms: number) {
  fakeNow = Math.max(fakeNow, ms);
  lanes.poke();
}

async function attemptsOf(endpointId: string, n: number) {
  return eventually(
    async () => {
      const list = (await listAttempts(endpointId, 200)).items;
      return list.length >= n && lanes.busy() === 0 ? list.reverse() : undefined;
    },
    WAIT_MS,
    `${n} attempts`,
  );
}

function outbox(): { subject: string; to: string }[] {
  const dir = join(process.env.LOCAL_DIR!, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')));
}

describe('multi-day delivery schedules (injected clock)', () => {
  it('retries on the published schedule for three days, re-extends waits past 12 h without an attempt, warns, gives up, and disables after five days', async () => {
    const partner = await createPartner({ name: 'Clock partner', ownerEmail: 'owner@clock.test' });
    const scope: Scope = { partnerId: partner.id, mode: 'live' };
    const r = await startReceiver(() => ({ status: 500 }));
    // Live mode must be https in production; the embedded default (STAGE=local) allows 127.0.0.1.
    const endpoint = await createTestEndpoint({ partnerId: partner.id, mode: 'live', url: r.url });
    const [first] = await recordEvents(scope, 1);
    await eventually(() => lanes.peek(endpoint.id).length >= 1, 10_000, 'the fan-out');
    advanceTo(fakeNow + HOLD_MS);

    let attempts = await attemptsOf(endpoint.id, 1);
    const heads = new Set<string>();
    for (let n = 1; n < 10; n++) {
      heads.add(lanes.peek(endpoint.id)[0].messageId);
      const last = attempts[n - 1];
      expect(last.outcome).toBe('failed');
      const due = Date.parse(last.next_attempt_at!);
      const wait = (due - Date.parse(last.attempted_at)) / 1000;
      // The published schedule, jittered by at most 10 %.
      expect(wait).toBeGreaterThanOrEqual(DEFAULT_RETRY_DELAYS_SECONDS[n - 1] * 0.9 - 0.01);
      expect(wait).toBeLessThanOrEqual(DEFAULT_RETRY_DELAYS_SECONDS[n - 1] * 1.1 + 0.01);
      if (wait > 12 * 3600) {
        // SQS caps a visibility timeout at 12 h: the message comes back early and is put back to sleep,
        // or, at its last receipts before the DLQ, renewed: a copy in its group, the old one deleted
        // (lib/webhooks/lane/poison.ts), which the signer puts to sleep in its turn.
        const { messageId, receiveCount: receives } = lanes.peek(endpoint.id)[0];
        advanceTo(Date.parse(last.attempted_at) + 12 * 3600 * 1000 + 1000);
        const head = await eventually(
          () => {
            const h = lanes.peek(endpoint.id)[0];
            const slept = h && h.messageId === messageId && h.receiveCount > receives && h.visibleAt > fakeNow;
            return lanes.busy() === 0 && (slept || (h && h.messageId !== messageId)) ? h : undefined;
          },
          10_000,
          're-extension',
        );
        if (head.messageId !== messageId) {
          expect(receives + 1).toBeGreaterThanOrEqual(RENEW_AT_RECEIVE);
          advanceTo(head.availableAt);
          await eventually(
            () => {
              const h = lanes.peek(endpoint.id)[0];
              return lanes.busy() === 0 && h?.messageId === head.messageId && h.receiveCount === 1 && h.visibleAt > fakeNow;
            },
            10_000,
            'the renewed copy put to sleep',
          );
        }
        expect((await listAttempts(endpoint.id, 200)).items).toHaveLength(n);
      }
      // SQS visibility is whole seconds, so the message may come back up to a second after `due`.
      advanceTo(Math.max(due, lanes.peek(endpoint.id)[0].visibleAt));
      attempts = await attemptsOf(endpoint.id, n + 1);
    }
    expect(attempts).toHaveLength(10);
    // Three days of waits are more receipts than the DLQ allows: the message was renewed on the way.
    expect(heads.size).toBeGreaterThan(1);
    expect(attempts[9]).toMatchObject({ event_id: first.id, attempt: 10, outcome: 'given_up', next_attempt_at: null });
    expect(new Set(r.ids())).toEqual(new Set([first.id]));
    expect(r.deliveries).toHaveLength(10);
    // Warned after one and three days of continuous failure. The schedule's ten attempts span 75.6 h
    // before jitter, so with the delays drawn short the last one can come before the third day.
    const failingHours = (Date.parse(attempts[9].attempted_at) - Date.parse(attempts[0].attempted_at)) / 3_600_000;
    expect(outbox().map((m) => m.subject)).toEqual([
      `Webhook endpoint ${endpoint.id} has been failing for 1 day`,
      ...(failingHours >= 72 ? [`Webhook endpoint ${endpoint.id} has been failing for 3 days`] : []),
    ]);
    expect(outbox()[0].to).toBe('owner@clock.test');
    // The lane moved on: the given-up event is behind the cursor.
    expect((await readLane(endpoint.id))?.last_created_at).toBe(first.created_at);

    // A later event fails too; five days after the first failure the endpoint is disabled.
    const [second] = await recordEvents(scope, 1);
    await eventually(() => lanes.peek(endpoint.id).length >= 1, 10_000, 'the fan-out');
    advanceTo(fakeNow + HOLD_MS);
    let n = 11;
    for (;;) {
      const list = await attemptsOf(endpoint.id, n);
      const last = list[n - 1];
      expect(last.event_id).toBe(second.id);
      if ((await endpointById(partner.id, endpoint.id))?.status === 'disabled') break;
      advanceTo(Math.max(Date.parse(last.next_attempt_at!), lanes.peek(endpoint.id)[0].visibleAt));
      n++;
      expect(n).toBeLessThan(21);
    }
    expect(await endpointById(partner.id, endpoint.id)).toMatchObject({ status: 'disabled', disabled_reason: 'failing' });
    expect(fakeNow - Date.parse(attempts[0].attempted_at)).toBeGreaterThanOrEqual(5 * 86400 * 1000);
    expect(outbox().map((m) => m.subject)).toEqual([
      `Webhook endpoint ${endpoint.id} has been failing for 1 day`,
      `Webhook endpoint ${endpoint.id} has been failing for 3 days`,
      `Webhook endpoint ${endpoint.id} was disabled`,
    ]);
    await eventually(() => lanes.peek(endpoint.id).length === 0, 10_000, 'the queued deliveries to be cancelled');
    await r.close();
  }, 180_000);

  it('checks the URL again at delivery time: a live host that now resolves to a private address is refused (DNS rebinding)', async () => {
    const partner = await createPartner({ name: 'Rebind partner', ownerEmail: 'owner@rebind.test' });
    const restore = setResolver(async () => ['10.0.0.7']);
    try {
      const endpoint = await createTestEndpoint({ partnerId: partner.id, mode: 'live', url: 'https://hooks.rebind.test/in' });
      await recordEvents({ partnerId: partner.id, mode: 'live' }, 1);
      await eventually(() => lanes.peek(endpoint.id).length >= 1, 10_000, 'the fan-out');
      advanceTo(fakeNow + HOLD_MS);
      const [first] = await attemptsOf(endpoint.id, 1);
      expect(first).toMatchObject({ outcome: 'failed', error: 'unsafe_url', status_code: null });
      await disableEndpoint(partner.id, endpoint.id, 'manual');
    } finally {
      restore();
    }
  });

  it('pending deliveries survive a restart of the local queue (kept in DynamoDB Local)', async () => {
    const partner = await createPartner({ name: 'Restart partner', ownerEmail: 'owner@restart.test' });
    const r = await startReceiver();
    const endpoint = await createTestEndpoint({ partnerId: partner.id, mode: 'test', url: r.url });
    const [event] = await recordEvents({ partnerId: partner.id, mode: 'test' }, 1);
    await eventually(() => lanes.peek(endpoint.id).length >= 1, 10_000, 'the fan-out');
    // Stop before the hold is over: nothing was delivered yet.
    await lanes.stop();
    expect(r.deliveries).toHaveLength(0);
    lanes = await startDeliveryLanes({ queueNames: ['clock-test.fifo'], holdMs: HOLD_MS, concurrency: 4 });
    expect(lanes.peek(endpoint.id)).toHaveLength(1);
    advanceTo(fakeNow + HOLD_MS);
    await eventually(() => r.deliveries.length >= 1, 10_000, 'the delivery after the restart');
    expect(r.ids()).toEqual([event.id]);
    await r.close();
  });

  it('a message that overtakes an earlier one on the lane still delivers in created_at order', async () => {
    const partner = await createPartner({ name: 'Order partner', ownerEmail: 'owner@order.test' });
    const scope: Scope = { partnerId: partner.id, mode: 'test' };
    const r = await startReceiver();
    const endpoint = await createTestEndpoint({ partnerId: partner.id, mode: 'test', url: r.url });
    const events = await recordEvents(scope, 3);
    // The fan-out's own messages are deduplicated by the ids below; the lane sees event 3's first.
    const message = (i: number) => ({
      kind: 'event' as const,
      partner_id: partner.id,
      mode: 'test' as const,
      endpoint_id: endpoint.id,
      event_id: events[i].id,
      seq: i + 1,
      created_at: events[i].created_at,
    });
    await sendLaneMessages([message(2), message(0), message(1)], () => 0);
    advanceTo(fakeNow + HOLD_MS);
    await eventually(() => r.deliveries.length >= 3 && lanes.peek(endpoint.id).length === 0, 10_000, 'three deliveries');
    expect(r.ids()).toEqual(events.map((e) => e.id));
    await r.close();
  });
});
