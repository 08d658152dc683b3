import { Aws, Duration, Validations } from 'aws-cdk-lib';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { StageSettings } from '../stages';
import type { ServiceFunction } from './service-function';

/** One step of an advance runs this long at most (Lambda's limit): lib/sandbox-clock/step-handler.ts stops 20 s before. */
export const ADVANCE_STEP_TIMEOUT = Duration.minutes(15);
/**
 * Receives before a step's message goes to the DLQ: a step that keeps failing (a bug, not a cut-off:
 * a cut-off step runs again and goes on from what the clock recorded) stops there, its clock still
 * `advancing`, and on-call reads why.
 */
export const ADVANCE_STEP_MAX_RECEIVES = 5;

/**
 * The sandbox clock's advance, in bounded steps that continue themselves (docs/decisions.md, "The
 * sandbox clock"): a FIFO queue (one message group per partner, so a partner's steps never run side by
 * side) → the advance-step function, one message per invocation; a step that does not finish sends the
 * next before it is acknowledged. The embedded default runs the same handler on its SQS stand-in
 * (infra/local/sandbox-clock-steps.ts).
 */
export class SandboxClockSteps extends Construct {
  readonly queue: Queue;
  readonly dlq: Queue;
  readonly queueName: string;
  readonly dlqName: string;
  /** Literal ARN and URL (the queue has a fixed name): the functions' grants and environment. */
  readonly queueArn: string;
  readonly queueUrl: string;

  constructor(scope: Construct, id: string, props: { settings: StageSettings }) {
    super(scope, id);
    const { prefix } = props.settings;
    this.queueName = `${prefix}-sandbox-clock-steps.fifo`;
    this.dlqName = `${prefix}-sandbox-clock-steps-dlq.fifo`;
    this.dlq = new Queue(this, 'StepsDlq', {
      queueName: this.dlqName,
      fifo: true,
      // As the webhook lanes': production keeps its queues (what a failed first create made aside).
      removalPolicy: props.settings.removalPolicy,
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    Validations.of(this.dlq).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: 'This queue is itself a dead-letter queue (a DLQ of a DLQ would only move the problem).',
    });
    this.queue = new Queue(this, 'Steps', {
      queueName: this.queueName,
      fifo: true,
      removalPolicy: props.settings.removalPolicy,
      // Longer than a step may run, so a running step is never handed out twice.
      visibilityTimeout: Duration.seconds(ADVANCE_STEP_TIMEOUT.toSeconds() + 60),
      retentionPeriod: Duration.days(14),
      deadLetterQueue: { queue: this.dlq, maxReceiveCount: ADVANCE_STEP_MAX_RECEIVES },
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    this.queueArn = `arn:${Aws.PARTITION}:sqs:${Aws.REGION}:${Aws.ACCOUNT_ID}:${this.queueName}`;
    this.queueUrl = `https://sqs.${Aws.REGION}.${Aws.URL_SUFFIX}/${Aws.ACCOUNT_ID}/${this.queueName}`;
  }

  /** The step function reads the queue one message at a time; a failed step is handed out again. */
  attachWorker(worker: ServiceFunction): void {
    worker.live.addEventSource(new SqsEventSource(this.queue, { batchSize: 1, reportBatchItemFailures: true }));
  }
}
