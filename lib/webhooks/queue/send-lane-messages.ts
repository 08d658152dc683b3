import { SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import { randomBase62 } from '../../ids';
import { freshDeduplicationId, type LaneMessage } from '../lane/lane-message';
import { sqs } from './delivery-queue';
import { laneQueueUrl, laneQueueUrls } from '../lane-shards';

/**
 * Puts lane messages on the FIFO queues, in the given order, 10 per call. Each message goes to its
 * endpoint's shard (`shardOf`, lib/webhooks/lane-shards.ts: the shard recorded on the endpoint), and
 * within it to the group = endpoint id, so each endpoint is one ordered lane in one queue. A fresh
 * delivery's deduplication id is endpoint + event (a stream record handled twice enqueues once); a
 * resend's is unique, so it always goes out again. Throws if SQS refused any entry, so the caller's
 * batch is retried.
 */
export async function sendLaneMessages(messages: LaneMessage[], shardOf: (endpointId: string) => number): Promise<void> {
  const urls = laneQueueUrls();
  // Split by shard keeping the given order within each: an endpoint's messages all go to one queue, in order.
  const byQueue = new Map<string, LaneMessage[]>();
  for (const m of messages) {
    const url = laneQueueUrl(shardOf(m.endpoint_id), urls);
    byQueue.set(url, [...(byQueue.get(url) ?? []), m]);
  }
  await Promise.all([...byQueue].map(([url, list]) => sendToQueue(url, list)));
}

async function sendToQueue(queueUrl: string, messages: LaneMessage[]): Promise<void> {
  for (const chunk of batches(messages)) {
    const res = await sqs().send(
      new SendMessageBatchCommand({
        QueueUrl: queueUrl,
        Entries: chunk.map((m, n) => ({
          Id: String(n),
          MessageBody: JSON.stringify(m),
          MessageGroupId: m.endpoint_id,
          MessageDeduplicationId:
            m.kind === 'event' ? freshDeduplicationId(m.endpoint_id, m.event_id) : `${m.endpoint_id}:${m.event_id}:r${randomBase62(12)}`,
        })),
      }),
    );
    if (res.Failed?.length)
      throw new Error(`SQS refused ${res.Failed.length} lane message(s): ${res.Failed.map((f) => f.Code).join(', ')}`);
  }
}

/** SQS takes at most 10 entries and 256 KiB in all per SendMessageBatch. */
const MAX_BATCH_BYTES = 200 * 1024;

function batches(messages: LaneMessage[]): LaneMessage[][] {
  const out: LaneMessage[][] = [];
  let current: LaneMessage[] = [];
  let bytes = 0;
  for (const m of messages) {
    const size = Buffer.byteLength(JSON.stringify(m));
    if (current.length && (current.length === 10 || bytes + size > MAX_BATCH_BYTES)) {
      out.push(current);
      current = [];
      bytes = 0;
    }
    current.push(m);
    bytes += size;
  }
  if (current.length) out.push(current);
  return out;
}
