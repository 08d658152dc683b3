import { SQSClient } from '@aws-sdk/client-sqs';
import { config } from '../../config';

let client: SQSClient | undefined;

/**
 * The delivery queue (FIFO, one message group per endpoint). Its URL comes from the environment
 * (`WEBHOOK_QUEUE_URL`): the CDK stack's queue in AWS, the SQS stand-in of the embedded default on a
 * developer's machine (infra/local/fifo-lanes.ts), which the same client reaches by that URL.
 */
export function deliveryQueueUrl(): string {
  const url = process.env.WEBHOOK_QUEUE_URL;
  if (!url) throw new Error('WEBHOOK_QUEUE_URL is not set');
  return url;
}

export function sqs(): SQSClient {
  if (!client) {
    const endpoint = process.env.SQS_ENDPOINT || undefined;
    client = new SQSClient({
      region: config().region,
      endpoint,
      credentials: endpoint ? { accessKeyId: 'local', secretAccessKey: 'local' } : undefined,
      maxAttempts: 4,
    });
  }
  return client;
}

/** Close the client's sockets (tests, shutdown). */
export function resetSqsClient(): void {
  client?.destroy();
  client = undefined;
}
