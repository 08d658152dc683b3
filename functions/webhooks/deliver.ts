import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { processDeliveryBatch } from '../../lib/webhooks/lane/process-delivery-batch';
import { sqs } from '../../lib/webhooks/queue/delivery-queue';
import { laneQueueUrlOfBatch } from '../../lib/webhooks/lane-shards';
import { tracedHandler } from '../../lib/observability/tracer';

/**
 * The signer: FIFO SQS batches of any lane shard's queue (group = endpoint) → signed POSTs, in order per endpoint. Deployed with
 * ReportBatchItemFailures; the embedded default's FIFO lanes call this same handler.
 */
export const handler = tracedHandler(
  (event: SQSEvent, context?: Context): Promise<SQSBatchResponse> =>
    processDeliveryBatch(event, context, sqs(), laneQueueUrlOfBatch(event.Records)),
);
