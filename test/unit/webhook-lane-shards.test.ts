import { newId } from '../../lib/ids';
import {
  laneQueueUrl,
  laneQueueUrlOfBatch,
  laneQueueUrlOfSource,
  laneQueueUrls,
  laneShardCount,
  laneShardFor,
  laneShardOf,
} from '../../lib/webhooks/lane-shards';

const URLS = [
  'https://sqs.us-east-1.amazonaws.com/123456789012/papi-prod-webhook-deliveries.fifo',
  'https://sqs.us-east-1.amazonaws.com/123456789012/papi-prod-webhook-deliveries-1.fifo',
  'https://sqs.us-east-1.amazonaws.com/123456789012/papi-prod-webhook-deliveries-2.fifo',
];
const saved = { urls: process.env.WEBHOOK_QUEUE_URLS, url: process.env.WEBHOOK_QUEUE_URL };
afterEach(() => {
  process.env.WEBHOOK_QUEUE_URLS = saved.urls;
  process.env.WEBHOOK_QUEUE_URL = saved.url;
  if (saved.urls === undefined) delete process.env.WEBHOOK_QUEUE_URLS;
  if (saved.url === undefined) delete process.env.WEBHOOK_QUEUE_URL;
});

describe('the lane shard of an endpoint', () => {
  it('is the same hash of its id on every machine and run (pinned values: a change of the hash would move live lanes)', () => {
    expect([1, 2, 4, 8].map((n) => laneShardFor('we_0000000000000000000000', n))).toEqual([0, 1, 3, 7]);
    expect([1, 2, 4, 8].map((n) => laneShardFor('we_abc', n))).toEqual([0, 1, 1, 5]);
    expect([1, 2, 4, 8].map((n) => laneShardFor('we_5mG2kQ8xZ1pL0vN7rT3yH4', n))).toEqual([0, 0, 2, 2]);
  });

  it('spreads endpoint ids evenly over the shards', () => {
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 8000; i++) counts[laneShardFor(newId('webhookEndpoint'), 4)]++;
    for (const n of counts) expect(Math.abs(n - 2000)).toBeLessThan(200);
  });

  it('refuses a shard count that is not a whole number ≥ 1', () => {
    for (const n of [0, -1, 1.5, Number.NaN]) expect(() => laneShardFor('we_x', n)).toThrow(/whole number/);
  });

  it('is the shard recorded on the endpoint, whatever the count is now; none recorded (older than sharding) is shard 0', () => {
    expect(laneShardOf({ id: 'we_0000000000000000000000', lane_shard: 1 })).toBe(1);
    expect(laneShardOf({ id: 'we_0000000000000000000000' })).toBe(0);
  });
});

describe('the lane queues', () => {
  it('are WEBHOOK_QUEUE_URLS in shard order, else the one WEBHOOK_QUEUE_URL; their count is the shard count', () => {
    process.env.WEBHOOK_QUEUE_URLS = URLS.join(', ');
    process.env.WEBHOOK_QUEUE_URL = 'https://ignored';
    expect(laneQueueUrls()).toEqual(URLS);
    expect(laneShardCount()).toBe(3);
    delete process.env.WEBHOOK_QUEUE_URLS;
    expect(laneQueueUrls()).toEqual(['https://ignored']);
    expect(laneShardCount()).toBe(1);
    delete process.env.WEBHOOK_QUEUE_URL;
    expect(laneShardCount()).toBe(1);
    expect(() => laneQueueUrls()).toThrow(/WEBHOOK_QUEUE_URLS/);
  });

  it('give a shard its queue, and refuse a shard beyond them (the count was lowered) rather than move its lane', () => {
    expect(laneQueueUrl(2, URLS)).toBe(URLS[2]);
    expect(() => laneQueueUrl(3, URLS)).toThrow(/lane shard 3 has no queue \(3 configured\).*may only grow/);
  });

  it("find the queue a signer batch came from by its records' source ARN", () => {
    const arn = (name: string) => `arn:aws:sqs:us-east-1:123456789012:${name}`;
    expect(laneQueueUrlOfSource(arn('papi-prod-webhook-deliveries-1.fifo'), URLS)).toBe(URLS[1]);
    expect(laneQueueUrlOfSource(arn('papi-prod-webhook-deliveries.fifo'), URLS)).toBe(URLS[0]);
    expect(laneQueueUrlOfBatch([{ eventSourceARN: arn('papi-prod-webhook-deliveries-2.fifo') }], URLS)).toBe(URLS[2]);
    expect(laneQueueUrlOfBatch([], URLS)).toBe(URLS[0]);
    expect(() => laneQueueUrlOfSource(arn('other.fifo'), URLS)).toThrow(/no lane queue/);
    // One queue (an unsharded setup): its batches are that queue's whatever they say.
    expect(laneQueueUrlOfSource(arn('other.fifo'), [URLS[0]])).toBe(URLS[0]);
  });
});
