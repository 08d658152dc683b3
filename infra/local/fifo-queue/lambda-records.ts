import { createHash, randomUUID } from 'node:crypto';
import type { Context, SQSRecord } from 'aws-lambda';
import type { Message } from './message';

/** A message as Lambda hands it to a function in an SQS event. */
export function sqsRecord(m: Message, queueName: string): SQSRecord {
  return {
    messageId: m.message_id,
    receiptHandle: m.receipt_handle!,
    body: m.body,
    attributes: {
      ApproximateReceiveCount: String(m.receive_count),
      SentTimestamp: String(m.sent_at),
      SenderId: 'local',
      ApproximateFirstReceiveTimestamp: String(m.first_receive_at ?? m.sent_at),
      MessageGroupId: m.group,
      MessageDeduplicationId: m.dedup_id,
      SequenceNumber: m.sequence,
    },
    messageAttributes: {},
    md5OfBody: createHash('md5').update(m.body).digest('hex'),
    eventSource: 'aws:sqs',
    eventSourceARN: `arn:aws:sqs:us-east-1:000000000000:${queueName}`,
    awsRegion: 'us-east-1',
  };
}

/** The Lambda context of one invocation of the signer, with `timeoutMs` to run. */
export function lambdaContext(timeoutMs: number): Context {
  const deadline = Date.now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: 'webhooks-deliver',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:us-east-1:000000000000:function:webhooks-deliver',
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: 'local',
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
