import { eventIdOfKey } from '../../store/keys';
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { EVENT_ENTITY } from '../../store/table-definition';
import { FANNED_OUT_ATTRIBUTE, markEventFannedOut } from '../../store/entities/event-fan-out';
import { nowIso } from '../../clock';
import { logger } from '../../observability/logger';
import { countMetric, publishMetrics } from '../delivery-metrics';
import { sendLaneMessages } from '../queue/send-lane-messages';
import { laneShardOf } from '../lane-shards';
import { endpointsMemo, laneMessagesForEvent, type EventItem } from './fan-out-event';

/**
 * The fan-out of a batch of DynamoDB stream records (event items only: the event-source filter keeps
 * the rest out, and we check again). A record whose messages SQS refused is reported in
 * `batchItemFailures`, so the stream retries from it; deduplication ids make the retry harmless.
 */
export async function fanOutStreamBatch(event: DynamoDBStreamEvent, context?: Context): Promise<DynamoDBBatchResponse> {
  const endpointsOf = endpointsMemo();
  const processor = new BatchProcessor(EventType.DynamoDBStreams);
  const handleRecord = async (record: DynamoDBRecord) => {
    const image = record.dynamodb?.NewImage;
    if (record.eventName !== 'INSERT' || !image) return;
    const item = unmarshall(image as Record<string, AttributeValue>) as EventItem;
    if (item.entity !== EVENT_ENTITY) return;
    // Handed to its lanes before: an item put back from a restored table, or copied back. Never again.
    if (item[FANNED_OUT_ATTRIBUTE]) {
      countMetric('FanOutSkippedRestored', 1);
      logger.info('event already fanned out: not delivered again', { event_id: eventIdOfKey(item) });
      return;
    }
    const messages = await laneMessagesForEvent(item, endpointsOf);
    // Each endpoint's recorded shard (the memo already holds the partner's endpoints).
    const shards = new Map((await endpointsOf(item.partner_id)).map((e) => [e.id, laneShardOf(e)]));
    try {
      await sendLaneMessages(messages, (endpointId) => shards.get(endpointId) ?? 0);
    } catch (error) {
      logger.error('fan-out failed; the stream will retry this record', { event_id: messages[0]?.event_id, error: error as Error });
      throw error;
    }
    // Marked only once its messages are sent: a crash in between fans it out again on the stream's
    // retry, which the deduplication ids and the lanes' cursors make harmless.
    await markEventFannedOut({ pk: item.pk, sk: item.sk }, nowIso());
    countMetric('FanOutMessages', messages.length);
    logger.debug('fanned out', { event_id: messages[0]?.event_id, endpoints: messages.map((m) => m.endpoint_id) });
  };
  try {
    // In stream order: each endpoint's messages then mostly reach its group in event order, so the lane rarely has gaps to fill.
    return await processPartialResponse(event, handleRecord, processor, {
      context,
      throwOnFullBatchFailure: false,
      processInParallel: false,
    });
  } finally {
    publishMetrics();
  }
}
