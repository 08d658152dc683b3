import type { Context, DynamoDBStreamEvent } from 'aws-lambda';
import { sequenceStragglers } from '../../lib/event-log/sequencer/backstop';
import { tracedHandler } from '../../lib/observability/tracer';

/**
 * DynamoDB stream (pending event items, by event-source filter) → any of them that outlived their
 * writer is sequenced. Deployed beside the webhook fan-out with its own filter; the embedded
 * default's stream poller calls this same handler.
 */
export const handler = tracedHandler(async (event: DynamoDBStreamEvent, context?: Context): Promise<void> => {
  await sequenceStragglers(event, context);
});
