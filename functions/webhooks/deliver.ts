import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { processDeliveryBatch } from '../../lib/webhooks/lane/process-delivery-batch';
import { deliveryQueueUrl, sqs } from '../../lib/webhooks/queue/delivery-queue';

/**
 * The signer: FIFO SQS batches (group = endpoint) → signed POSTs, in order per endpoint. Deployed with
 * ReportBatchItemFailures; the embedded default's FIFO lanes call this same handler.
 */
export const handler = (event: SQSEvent, context?: Context): Promise<SQSBatchResponse> =>
  processDeliveryBatch(event, context, sqs(), deliveryQueueUrl());
