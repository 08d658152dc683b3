import type { Context, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { sendQueuedMailBatch } from '../../lib/dashboard/queued-mail';
import { tracedHandler } from '../../lib/observability/tracer';

/**
 * DynamoDB stream (queued mail items, by event-source filter) → SES (the local outbox in the embedded
 * default): the sign-in codes sent off the answer's path (lib/dashboard/queued-mail.ts).
 */
export const handler = tracedHandler(
  (event: DynamoDBStreamEvent, context?: Context): Promise<DynamoDBBatchResponse> => sendQueuedMailBatch(event, context),
);
