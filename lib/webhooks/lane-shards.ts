import { createHash } from 'node:crypto';
import { variable } from '../config/variables';

/**
 * Sharded delivery lanes (docs/capacity.md, "Delivery: webhooks per second per region"; docs/decisions.md, "Sharded lanes").
 * The delivery queue is several FIFO queues, each with its own signer mapping. An endpoint belongs to
 * exactly one of them, so its order never spans two queues.
 *
 * The shard is chosen once, when the endpoint is created (a stable hash of its id over the shard count
 * of that moment), and recorded on the endpoint (`lane_shard`). Routing reads the record, never the
 * current count: adding shards therefore moves no endpoint, and no queued delivery is reordered or
 * stranded. An endpoint created before lanes were sharded has no record and stays on shard 0, the
 * queue that carried every lane before (it keeps its name).
 */

/**
 * The queue URLs, shard 0 first: `WEBHOOK_QUEUE_URLS` (comma-separated; the stack and the embedded
 * default set it), else the single `WEBHOOK_QUEUE_URL` of an unsharded setup (one shard).
 */
export function laneQueueUrls(): string[] {
  const many = (variable('WEBHOOK_QUEUE_URLS') ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  if (many.length) return many;
  const one = variable('WEBHOOK_QUEUE_URL');
  if (!one) throw new Error('WEBHOOK_QUEUE_URLS (or WEBHOOK_QUEUE_URL) is not set');
  return [one];
}

/** How many lane shards this deployment has; 1 where no queue is configured (nothing is delivered there). */
export function laneShardCount(): number {
  return variable('WEBHOOK_QUEUE_URLS') || variable('WEBHOOK_QUEUE_URL') ? laneQueueUrls().length : 1;
}

/**
 * The stable hash of an endpoint id over `count` shards: the first 32 bits of its SHA-256, modulo the
 * count. The same on every machine and runtime (no seed, no process-local state).
 */
export function laneShardFor(endpointId: string, count: number): number {
  if (!Number.isInteger(count) || count < 1) throw new Error(`a lane shard count is a whole number ≥ 1, not ${count}`);
  return createHash('sha256').update(endpointId).digest().readUInt32BE(0) % count;
}

/** The shard an endpoint's deliveries go to: its recorded shard; none recorded (older than sharding) = shard 0. */
export function laneShardOf(endpoint: { id: string; lane_shard?: number }): number {
  return endpoint.lane_shard ?? 0;
}

/**
 * The queue URL of a shard. A shard beyond the configured queues means the count was lowered while
 * endpoints still live there: refusing is the only answer that neither loses nor reorders (the fan-out's
 * batch is retried, then parked in its DLQ, which pages on-call). The count may only grow.
 */
export function laneQueueUrl(shard: number, urls: string[] = laneQueueUrls()): string {
  const url = urls[shard];
  if (!url)
    throw new Error(
      `lane shard ${shard} has no queue (${urls.length} configured): the lane shard count may only grow; restore the stage's laneShards`,
    );
  return url;
}

/**
 * The queue a signer batch came from, by the record's `eventSourceARN` (its last part is the queue's
 * name, which ends every queue URL): each shard's mapping invokes the same signer.
 */
export function laneQueueUrlOfSource(eventSourceArn: string | undefined, urls: string[] = laneQueueUrls()): string {
  const name = eventSourceArn?.split(':').pop();
  const url = name ? urls.find((u) => u.endsWith(`/${name}`)) : undefined;
  if (url) return url;
  if (urls.length === 1) return urls[0];
  throw new Error(`no lane queue named by ${eventSourceArn} among ${urls.length} configured`);
}

/** The queue of a signer batch: one mapping hands out batches of one queue, so its first record names it. */
export function laneQueueUrlOfBatch(records: { eventSourceARN?: string }[], urls: string[] = laneQueueUrls()): string {
  return records.length ? laneQueueUrlOfSource(records[0].eventSourceARN, urls) : urls[0];
}
