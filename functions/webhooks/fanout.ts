import type { Context, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { fanOutStreamBatch } from '../../lib/webhooks/fanout/fan-out-stream-batch';
import { tracedHandler } from '../../lib/observability/tracer';

/**
 * DynamoDB stream (event items, by event-source filter) → one FIFO message per enabled endpoint of the
 * event's partner and mode (group = endpoint id). Deployed with ReportBatchItemFailures, bisect on
 * error and bounded retries; the embedded default's stream poller calls this same handler.
 */
export const handler = tracedHandler(
  (event: DynamoDBStreamEvent, context?: Context): Promise<DynamoDBBatchResponse> => fanOutStreamBatch(event, context),
);
