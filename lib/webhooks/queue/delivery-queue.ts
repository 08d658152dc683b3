import type { SQSClient } from '@aws-sdk/client-sqs';
import { newSqsClient } from '../../aws/sqs';
import { variable } from '../../config/variables';

let client: SQSClient | undefined;

/**
 * The client of the delivery queues (FIFO, one message group per endpoint, one queue per lane shard:
 * lib/webhooks/lane-shards.ts names their URLs). In AWS the CDK stack's queues; on a developer's
 * machine the SQS stand-in of the embedded default (infra/local/fifo-lanes.ts) at `SQS_ENDPOINT`.
 */
export function sqs(): SQSClient {
  client ??= newSqsClient(variable('SQS_ENDPOINT'));
  return client;
}

/** Close the client's sockets (tests, shutdown). */
export function resetSqsClient(): void {
  client?.destroy();
  client = undefined;
}
