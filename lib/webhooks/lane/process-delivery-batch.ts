import { processPartialResponse, SqsFifoPartialProcessorAsync } from '@aws-lambda-powertools/batch';
import { ChangeMessageVisibilityBatchCommand, SendMessageBatchCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { logger } from '../../observability/logger';
import { deliverySettings } from '../delivery/delivery-settings';
import { publishMetrics } from '../delivery-metrics';
import { deliverLaneMessage, type LaneBatchCache } from './deliver-lane-message';
import { LaneWrites } from './lane-writes';
import { type LaneMessage, parseLaneMessage } from './lane-message';
import { RENEW_AT_RECEIVE, unexpectedFailureWait } from './poison';
import { countMetric } from '../delivery-metrics';
import { machineMs } from '../../clock';

/** Thrown by the record handler to leave a message on the queue for `afterSeconds`. */
export class RetryLater extends Error {
  constructor(readonly afterSeconds: number) {
    super(`retry in ${afterSeconds} s`);
  }
}

/**
 * The signer's batch (spec, Delivery rule 4): Powertools' FIFO processor with `skipGroupOnError`, so
 * a failed message fails every later message of its group (endpoint) in the batch while other groups
 * go on; the groups of a batch are handled side by side, each in order. Every failed message of a group is then made visible again when that group's head is due
 * (ChangeMessageVisibility = the backoff, at most SQS's 12 h: a longer wait is re-extended on receipt
 * without an attempt), so the lane resumes in order with its head.
 */
export async function processDeliveryBatch(
  event: SQSEvent,
  context: Context | undefined,
  client: SQSClient,
  queueUrl: string,
): Promise<SQSBatchResponse> {
  const settings = deliverySettings();
  const deadlineMs = machineMs() + (context?.getRemainingTimeInMillis?.() ?? 15 * 60 * 1000);
  const waits = new Map<string, number>();
  // Messages whose own handling threw: they alone count toward the DLQ (lib/webhooks/lane/poison.ts).
  const unexpected = new Set<string>();
  const receiptsOf = (record: SQSRecord) => Number(record.attributes.ApproximateReceiveCount) || 1;
  const batch: LaneBatchCache = new Map();
  const writes = new LaneWrites();

  const handleRecord = async (record: SQSRecord) => {
    let message: LaneMessage;
    try {
      message = parseLaneMessage(record.body);
    } catch {
      logger.error('dropping a message that is not a lane message', { message_id: record.messageId });
      return;
    }
    const outcome = await deliverLaneMessage(message, { messageId: record.messageId, deadlineMs, batch, writes }).catch(
      (error: unknown) => {
        logger.error('lane failed unexpectedly', {
          endpoint_id: message.endpoint_id,
          event_id: message.event_id,
          receive_count: receiptsOf(record),
          error: error as Error,
        });
        unexpected.add(record.messageId);
        return { kind: 'retry' as const, afterSeconds: unexpectedFailureWait(receiptsOf(record)), counted: false };
      },
    );
    if (outcome.kind === 'retry') {
      waits.set(record.messageId, outcome.afterSeconds);
      throw new RetryLater(outcome.afterSeconds);
    }
  };

  // Each group (endpoint) of the batch on its own, all at once: a batch may hold several groups, and a
  // slow endpoint must not hold the others of its batch behind its round trip (docs/capacity.md, "Delivery").
  const groups = new Map<string, SQSRecord[]>();
  for (const record of event.Records) {
    const group = record.attributes.MessageGroupId ?? record.messageId;
    groups.set(group, [...(groups.get(group) ?? []), record]);
  }
  let response: SQSBatchResponse;
  try {
    const responses = await Promise.all(
      [...groups.values()].map((records) =>
        processPartialResponse({ Records: records }, handleRecord, new SqsFifoPartialProcessorAsync(), {
          context,
          skipGroupOnError: true,
          throwOnFullBatchFailure: false,
        }),
      ),
    );
    response = { batchItemFailures: responses.flatMap((r) => r.batchItemFailures) };
  } finally {
    publishMetrics();
  }
  const failed = new Set(response.batchItemFailures.map((f) => f.itemIdentifier));
  // A message held on purpose (not one whose handling threw) that has used up most of its receipts is
  // renewed rather than made visible later (lib/webhooks/lane/poison.ts).
  const renewing = new Set(
    event.Records.filter((r) => failed.has(r.messageId) && !unexpected.has(r.messageId) && receiptsOf(r) >= RENEW_AT_RECEIVE).map(
      (r) => r.messageId,
    ),
  );
  // A lane waiting for its head's next attempt remembers which messages wait with it, so "retry now"
  // can make them visible at once (lib/webhooks/operations/retry-now.ts).
  for (const [endpointId, { lane }] of batch) {
    if (!lane.next_attempt_at) continue;
    const waiting = event.Records.filter(
      (r) => failed.has(r.messageId) && !renewing.has(r.messageId) && r.attributes.MessageGroupId === endpointId,
    ).map((r) => r.receiptHandle);
    if (waiting.length) {
      lane.waiting_receipts = waiting;
      await writes.lane(lane);
    }
  }
  // Every cursor and attempt of the batch in one write, before any message is deleted.
  await writes.flush();

  const renewed = await renew(
    client,
    queueUrl,
    event.Records.filter((r) => renewing.has(r.messageId)),
  );
  const groupWait = new Map<string, number>();
  const entries: { Id: string; ReceiptHandle: string; VisibilityTimeout: number }[] = [];
  for (const record of event.Records) {
    if (!failed.has(record.messageId)) continue;
    // The group waits for its head (its first failed message), renewed or not.
    const group = record.attributes.MessageGroupId ?? record.messageId;
    if (!groupWait.has(group)) groupWait.set(group, waits.get(record.messageId) ?? unexpectedFailureWait(receiptsOf(record)));
    if (renewed.has(record.messageId)) continue;
    const seconds = Math.min(Math.ceil(groupWait.get(group)!), settings.maxVisibilitySeconds);
    entries.push({ Id: String(entries.length), ReceiptHandle: record.receiptHandle, VisibilityTimeout: seconds });
  }
  for (let i = 0; i < entries.length; i += 10) {
    await client.send(new ChangeMessageVisibilityBatchCommand({ QueueUrl: queueUrl, Entries: entries.slice(i, i + 10) }));
  }
  // A renewed message is answered as done (Lambda deletes it): its copy now waits in its place.
  return { batchItemFailures: response.batchItemFailures.filter((f) => !renewed.has(f.itemIdentifier)) };
}

/**
 * Sends each message again to its own group (a copy starts at 0 receipts), a resend keeping the id its
 * retry state is recorded under; resolves to the ids whose copy SQS took. One that was not taken stays
 * a failure of the batch, made visible later as before.
 */
async function renew(client: SQSClient, queueUrl: string, records: SQSRecord[]): Promise<Set<string>> {
  const done = new Set<string>();
  for (let i = 0; i < records.length; i += 10) {
    const chunk = records.slice(i, i + 10);
    const res = await client
      .send(
        new SendMessageBatchCommand({
          QueueUrl: queueUrl,
          Entries: chunk.map((r, n) => {
            const message = parseLaneMessage(r.body);
            const body = message.kind === 'resend' ? { ...message, resend_id: message.resend_id ?? r.messageId } : message;
            return {
              Id: String(n),
              MessageBody: JSON.stringify(body),
              MessageGroupId: r.attributes.MessageGroupId,
              MessageDeduplicationId: `renew:${r.messageId}`,
            };
          }),
        }),
      )
      .catch((error: unknown) => {
        logger.warn('could not renew waiting messages; they wait as before', { error: error as Error });
        return { Successful: [] };
      });
    for (const ok of res.Successful ?? []) done.add(chunk[Number(ok.Id)].messageId);
  }
  if (done.size) countMetric('LaneMessagesRenewed', done.size);
  return done;
}
