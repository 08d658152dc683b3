import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { sendQueuedMailBatch } from '../../lib/dashboard/queued-mail';
import { tracedHandler } from '../../lib/observability/tracer';

/**
 * The mail queue → SES (the local outbox in the embedded default): the sign-in codes sent off the
 * answer's path (lib/dashboard/queued-mail.ts). A message it cannot send is given again, then parked
 * in the mail DLQ.
 */
export const handler = tracedHandler(
  (event: SQSEvent, context?: Context): Promise<SQSBatchResponse> => sendQueuedMailBatch(event, context),
);
