import { SQSClient } from '@aws-sdk/client-sqs';
import { clientConfig, prepared } from './client-config';

/**
 * An SQS client (the delivery lanes' batch calls): `standIn` is the SQS stand-in of the embedded
 * default (infra/local/fifo-lanes.ts); absent in AWS. Four attempts, as DynamoDB's: a lost
 * SendMessageBatch is a delivery that waits for the stream's retry.
 */
export function newSqsClient(standIn?: string): SQSClient {
  return prepared(new SQSClient(clientConfig({ standIn, maxAttempts: 4 })));
}
