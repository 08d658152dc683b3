import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { startDeliveryLanes, stopDeliveryPipeline } from '../support/delivery-lanes';
import { useStackDatabase } from '../support/stack';
import { createTestEndpoint, eventually, recordEvents, startReceiver } from '../support/webhooks';
import { ensureTable } from '../../infra/local/ensure-table';
import type { FifoLanes } from '../../infra/local/fifo-lanes';
import { startStreamPoller, type StreamPoller } from '../../infra/local/stream-poller';
import { handler as fanout } from '../../functions/webhooks/fanout';
import { setClock } from '../../lib/clock';
import { randomBase62 } from '../../lib/ids';
import { createPartner } from '../../lib/partners/partner';
import { endpointById } from '../../lib/webhooks/endpoints';
import { laneShardFor, laneShardOf } from '../../lib/webhooks/lane-shards';
import { sendLaneMessages } from '../../lib/webhooks/queue/send-lane-messages';
import type { ApiEvent } from '../../lib/store/event';

/**
 * Sharded delivery lanes (lib/webhooks/lane-shards.ts) through the real pipeline in this process:
 * the stream poller → the fan-out → the FIFO stand-in's lane queues → the signer, on a private table of
 * the stack's DynamoDB Local, with lib/clock injected so deliveries stay queued until the test lets them go.
 */
const c = useStackDatabase();
process.env.TABLE_NAME = `lane-shards-${randomBase62(8)}`;
process.env.LOCAL_DIR = mkdtempSync(join(tmpdir(), 'lane-shards-'));
process.env.POWERTOOLS_METRICS_DISABLED = 'true';
const HOLD_MS = 60_000;
// Alone each test takes seconds; under a full suite on a shared machine the stream poller and the lanes can take far longer.
jest.setTimeout(180_000);
const WAIT_MS = 60_000;
const queueNames = (count: number) => Array.from({ length: count }, (_, i) => `shards-test-${i}.fifo`);

let fakeNow = Date.parse('2026-12-01T00:00:00.000Z');
const restoreClock = setClock(() => new Date(fakeNow));
let lanes: FifoLanes;
let poller: StreamPoller;

async function startLanes(count: number) {
  lanes = await startDeliveryLanes({ queueNames: queueNames(count), holdMs: HOLD_MS, concurrency: 4 });
}

/** Messages waiting in each lane queue, shard 0 first (the stand-in answers GetQueueAttributes as SQS does, to the SDK's own client). */
async function queued(): Promise<number[]> {
  const reader = new SQSClient({
    region: 'us-east-1',
    endpoint: process.env.SQS_ENDPOINT,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    return await Promise.all(
      lanes.queueUrls.map(async (QueueUrl) => {
        const res = await reader.send(new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['ApproximateNumberOfMessages'] }));
        return Number(res.Attributes?.ApproximateNumberOfMessages);
      }),
    );
  } finally {
    reader.destroy();
  }
}

beforeAll(async () => {
  const client = new DynamoDBClient({
    endpoint: c.dynamodb_endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  await ensureTable(client, process.env.TABLE_NAME!);
  client.destroy();
  await startLanes(2);
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

describe('sharded delivery lanes', () => {
  it('records on each endpoint the stable hash of its id over the shard count, and queues its deliveries on that shard alone', async () => {
    const partner = await createPartner({ name: 'Shards partner', ownerEmail: 'owner@shards.test' });
    const receivers = await Promise.all(Array.from({ length: 8 }, () => startReceiver()));
    const endpoints = [];
    for (const r of receivers) endpoints.push(await createTestEndpoint({ partnerId: partner.id, mode: 'test', url: r.url }));
    const records = await Promise.all(endpoints.map((e) => endpointById(partner.id, e.id)));
    expect(records.map((e) => e!.lane_shard)).toEqual(endpoints.map((e) => laneShardFor(e.id, 2)));
    const perShard = [0, 1].map((s) => records.filter((e) => laneShardOf(e!) === s).length);

    const events = await recordEvents({ partnerId: partner.id, mode: 'test' }, 3);
    await eventually(async () => (await queued()).reduce((a, b) => a + b, 0) === 24, WAIT_MS, 'the fan-out of 3 events to 8 endpoints');
    // Every endpoint's three messages sit in its own shard's queue.
    expect(await queued()).toEqual(perShard.map((n) => n * 3));

    fakeNow += HOLD_MS;
    lanes.poke();
    await eventually(() => receivers.every((r) => r.deliveries.length >= 3), WAIT_MS, 'every delivery');
    for (const r of receivers) expect(r.ids()).toEqual(events.map((e) => e.id));
    await Promise.all(receivers.map((r) => r.close()));
  });

  it('grows from 2 to 4 shards with deliveries queued: nothing is lost or reordered, old endpoints stay on their shard, new ones spread', async () => {
    const partner = await createPartner({ name: 'Growing partner', ownerEmail: 'owner@growing.test' });
    const scope = { partnerId: partner.id, mode: 'test' as const };
    const oldReceivers = await Promise.all(Array.from({ length: 6 }, () => startReceiver()));
    const old = [];
    for (const r of oldReceivers) old.push(await createTestEndpoint({ partnerId: partner.id, mode: 'test', url: r.url }));
    const before = await recordEvents(scope, 3);
    await eventually(async () => (await queued()).reduce((a, b) => a + b, 0) === 18, WAIT_MS, 'the fan-out before the change');

    // The change of shard count: the lanes restart with four queues (the two first keep their names and messages).
    await lanes.stop();
    await startLanes(4);
    expect((await queued()).slice(2)).toEqual([0, 0]);
    // Later than the events before (the injected clock stands still otherwise): a new endpoint's lane starts at its creation.
    fakeNow += 1000;
    // An endpoint's shard is a hash of its minted id: eight new endpoints all missed the two new shards
    // once in 256 runs, so endpoints are added (eight at least) until one lands on a new shard.
    const newReceivers: Awaited<ReturnType<typeof startReceiver>>[] = [];
    const added: Awaited<ReturnType<typeof createTestEndpoint>>[] = [];
    while ((added.length < 8 || !added.some((e) => laneShardFor(e.id, 4) >= 2)) && added.length < 40) {
      const r = await startReceiver();
      newReceivers.push(r);
      added.push(await createTestEndpoint({ partnerId: partner.id, mode: 'test', url: r.url }));
    }
    const after = await recordEvents(scope, 2);

    const oldRecords = await Promise.all(old.map((e) => endpointById(partner.id, e.id)));
    expect(oldRecords.map((e) => laneShardOf(e!))).toEqual(old.map((e) => laneShardFor(e.id, 2)));
    const addedRecords = await Promise.all(added.map((e) => endpointById(partner.id, e.id)));
    expect(addedRecords.map((e) => laneShardOf(e!))).toEqual(added.map((e) => laneShardFor(e.id, 4)));
    expect(addedRecords.some((e) => laneShardOf(e!) >= 2)).toBe(true);

    // 6 old endpoints × 5 events and each new one × 2, each on its endpoint's recorded shard.
    const total = 6 * 5 + added.length * 2;
    await eventually(async () => (await queued()).reduce((a, b) => a + b, 0) === total, WAIT_MS, 'the fan-out after the change');
    const expected = [0, 1, 2, 3].map(
      (s) => oldRecords.filter((e) => laneShardOf(e!) === s).length * 5 + addedRecords.filter((e) => laneShardOf(e!) === s).length * 2,
    );
    expect(await queued()).toEqual(expected);

    fakeNow += HOLD_MS;
    lanes.poke();
    const all = [...oldReceivers, ...newReceivers];
    await eventually(
      () => oldReceivers.every((r) => r.deliveries.length >= 5) && newReceivers.every((r) => r.deliveries.length >= 2),
      WAIT_MS,
      'every delivery after the change',
    );
    const ids = (events: ApiEvent[]) => events.map((e) => e.id);
    for (const r of oldReceivers) expect(r.ids()).toEqual(ids([...before, ...after]));
    for (const r of newReceivers) expect(r.ids()).toEqual(ids(after));
    await Promise.all(all.map((r) => r.close()));
  });

  it('refuses a shard that has no queue (the count was lowered) instead of moving the lane', async () => {
    const message = {
      kind: 'resend' as const,
      partner_id: 'ptr_x',
      mode: 'test' as const,
      endpoint_id: 'we_x',
      event_id: 'evt_x',
      seq: 1,
      created_at: '2026-12-01T00:00:00.000Z',
    };
    await expect(sendLaneMessages([message], () => 4)).rejects.toThrow(/lane shard 4 has no queue \(4 configured\).*may only grow/);
    expect(await queued()).toEqual([0, 0, 0, 0]);
  });
});
