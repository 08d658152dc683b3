import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { newSqsClient } from '../aws/sqs';
import { variable } from '../config/variables';

/** One step of an advance to run: which sandbox, which advance, and how many steps ran before it. */
export interface AdvanceStep {
  partner_id: string;
  advance_id: string;
  step: number;
}

let client: SQSClient | undefined;

/**
 * The queue an advance's steps go through (docs/decisions.md, "The sandbox clock"): a FIFO queue, one
 * message group per partner, read by functions/sandbox-clock/advance-step.ts; in AWS the stack's queue,
 * on a developer's machine the SQS stand-in of the embedded default (infra/local/sandbox-clock-steps.ts),
 * whose endpoint is its queue URL's origin.
 */
function queueUrl(): string {
  const url = variable('SANDBOX_CLOCK_QUEUE_URL');
  if (!url) throw new Error('SANDBOX_CLOCK_QUEUE_URL is not set: the queue of the sandbox clock’s steps');
  return url;
}

function sqs(url: string): SQSClient {
  client ??= newSqsClient(variable('SQS_ENDPOINT') ? new URL(url).origin : undefined);
  return client;
}

/**
 * Puts a step of an advance on the queue. Its deduplication id is the advance and step: a step sent
 * twice (a retried send) runs once; the step after a step that ran twice is sent once.
 */
export async function queueAdvanceStep(step: AdvanceStep): Promise<void> {
  const url = queueUrl();
  await sqs(url).send(
    new SendMessageCommand({
      QueueUrl: url,
      MessageBody: JSON.stringify(step),
      MessageGroupId: step.partner_id,
      MessageDeduplicationId: `${step.advance_id}-${step.step}`,
    }),
  );
}

/** Close the client's sockets (tests, shutdown). */
export function resetAdvanceStepClient(): void {
  client?.destroy();
  client = undefined;
}
