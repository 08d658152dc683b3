import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient, ScanCommand, PutItemCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
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
import { resetDbClient } from '../../lib/store/client';
import { FANNED_OUT_ATTRIBUTE } from '../../lib/store/entities/event-fan-out';
import { EVENT_ENTITY } from '../../lib/store/table-definition';

/**
 * docs/platform.md, "Restoring the table": a table restored to a point in time is switched in for the stack's
 * own, and none of its events is delivered again. The worst case of it, on the stack's DynamoDB Local
 * with the real pipeline in this process (the stream poller → the fan-out → the FIFO stand-in → the
 * signer → a receiver): every item of the first table is copied into a new table whose stream is
 * already on, so each restored event item reaches the fan-out as a fresh INSERT (a real restore turns
 * the stream on only after it). The fan-out knows them: it queues nothing for them, and the receiver
 * gets each event once.
 */
const c = useStackDatabase();
const first = `restore-from-${randomBase62(8)}`;
const restored = `restore-to-${randomBase62(8)}`;
process.env.TABLE_NAME = first;
process.env.LOCAL_DIR = mkdtempSync(join(tmpdir(), 'restore-'));
process.env.POWERTOOLS_METRICS_DISABLED = 'true';
jest.setTimeout(180_000);
const WAIT_MS = 60_000;
const HOLD_MS = 1_000;

let fakeNow = Date.parse('2026-12-01T00:00:00.000Z');
const restoreClock = setClock(() => new Date(fakeNow));
let lanes: FifoLanes;
let poller: StreamPoller;
const client = new DynamoDBClient({
  endpoint: c.dynamodb_endpoint,
  region: 'us-east-1',
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
});

/** Event records the fan-out was handed, by table. */
const handed = new Map<string, number>();
const pollerOn = (table: string) =>
  startStreamPoller({
    endpoint: c.dynamodb_endpoint,
    region: 'us-east-1',
    table,
    handler: (e) => {
      handed.set(table, (handed.get(table) ?? 0) + e.Records.length);
      return fanout(e);
    },
    pollMs: 50,
    // Every event item as inserted, without the deployed filter's "not yet fanned out"
    // (infra/streams/filters.ts): this test proves the fan-out's own check behind that filter.
    filter: { eventName: ['INSERT'], dynamodb: { NewImage: { entity: { S: [EVENT_ENTITY] } } } },
  });

/** Messages waiting in the lane queue (the stand-in answers GetQueueAttributes as SQS does). */
async function queued(): Promise<number> {
  const reader = new SQSClient({
    region: 'us-east-1',
    endpoint: process.env.SQS_ENDPOINT,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    const res = await reader.send(
      new GetQueueAttributesCommand({ QueueUrl: lanes.queueUrl, AttributeNames: ['ApproximateNumberOfMessages'] }),
    );
    return Number(res.Attributes?.ApproximateNumberOfMessages);
  } finally {
    reader.destroy();
  }
}

/** Every item of a table, page by page. */
async function scanAll(table: string): Promise<Record<string, AttributeValue>[]> {
  const items: Record<string, AttributeValue>[] = [];
  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: table, ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

beforeAll(async () => {
  await ensureTable(client, first);
  lanes = await startDeliveryLanes({ queueNames: [`restore-${randomBase62(6)}.fifo`], holdMs: HOLD_MS, concurrency: 2 });
  poller = await pollerOn(first);
});

afterAll(async () => {
  await stopDeliveryPipeline(poller, lanes);
  restoreClock();
  client.destroy();
});

describe('a table restored and switched in', () => {
  it('delivers none of its events again: the fan-out knows an event it already handed to its lanes', async () => {
    const partner = await createPartner({ name: 'Restored partner', ownerEmail: 'owner@restored.test' });
    const receiver = await startReceiver();
    await createTestEndpoint({ partnerId: partner.id, mode: 'test', url: receiver.url });
    const scope = { partnerId: partner.id, mode: 'test' as const };
    const before = await recordEvents(scope, 3);
    await eventually(async () => (await queued()) === 3, WAIT_MS, 'the fan-out of three events');
    fakeNow += HOLD_MS;
    lanes.poke();
    await eventually(() => receiver.deliveries.length >= 3, WAIT_MS, 'three deliveries');
    // Each event item now says it went to its lanes.
    const events = (await scanAll(first)).filter((i) => i.entity?.S === 'event');
    expect(events).toHaveLength(3);
    for (const item of events) expect(item[FANNED_OUT_ATTRIBUTE]?.S).toBeDefined();

    // Past SQS's five-minute deduplication window: a message sent again now would be queued, not dropped.
    fakeNow += 10 * 60_000;

    // The restore: every item into a new table, its stream on (each item an INSERT for the fan-out)...
    await ensureTable(client, restored);
    for (const item of await scanAll(first)) await client.send(new PutItemCommand({ TableName: restored, Item: item }));
    // ...switched in for the first: what the stage's `restoredTable` setting does for every function.
    await poller.stop();
    process.env.TABLE_NAME = restored;
    resetDbClient();
    poller = await pollerOn(restored);

    // A new event on the restored table: the lane, its cursor restored with it, delivers it alone.
    const [after] = await recordEvents(scope, 1);
    // The fan-out was handed every restored event item and the new one (this poller passes them all,
    // as a stream without the deployed filter would), and queued the new one alone.
    await eventually(() => (handed.get(restored) ?? 0) >= 4, WAIT_MS, 'the restored stream read through');
    await eventually(async () => (await queued()) >= 1, WAIT_MS, 'the fan-out of the new event');
    expect(await queued()).toBe(1);
    fakeNow += HOLD_MS;
    lanes.poke();
    await eventually(() => receiver.deliveries.length >= 4, WAIT_MS, 'the new event');
    expect(receiver.ids()).toEqual([...before.map((e) => e.id), after.id]);
    await receiver.close();
  });
});
