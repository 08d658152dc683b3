import type * as Sdk from '@aws-sdk/client-sqs';
import { reachOf } from './credentials';
import { AwsCommand, JsonClient } from './json-client';

/**
 * SQS as this codebase calls it: the two batch calls of the delivery lanes, over SQS's JSON protocol
 * (AWS JSON 1.0, what the SDK's generated client speaks too) without that client (docs/decisions.md,
 * "AWS clients of our own"). Inputs and outputs are the SDK's, unchanged: SQS's JSON holds no bytes.
 */
export class SendMessageBatchCommand extends AwsCommand<Sdk.SendMessageBatchCommandInput, Sdk.SendMessageBatchCommandOutput> {
  readonly operation = 'SendMessageBatch';
}
export class ChangeMessageVisibilityBatchCommand extends AwsCommand<
  Sdk.ChangeMessageVisibilityBatchCommandInput,
  Sdk.ChangeMessageVisibilityBatchCommandOutput
> {
  readonly operation = 'ChangeMessageVisibilityBatch';
}

export class SqsClient extends JsonClient {
  /** `endpoint`: the SQS stand-in of the embedded default (infra/local/fifo-lanes.ts); absent in AWS. */
  constructor(endpoint?: string) {
    super({ ...reachOf('sqs', endpoint), targetPrefix: 'AmazonSQS', contentType: 'application/x-amz-json-1.0', maxAttempts: 4 });
  }
}
