import { Aws, Duration, Validations } from 'aws-cdk-lib';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { StageSettings } from '../stages';
import type { ServiceFunction } from './service-function';

/** The mail sender's timeout: a batch of MAIL_BATCH_SIZE SES calls, each bounded by the client's timeouts (lib/aws/client-config.ts). */
export const MAIL_SENDER_TIMEOUT = Duration.seconds(30);
export const MAIL_BATCH_SIZE = 10;
/**
 * Receives before a message goes to the mail DLQ. With a visibility timeout of twice the sender's, a
 * message SES keeps refusing (the sandbox: the address is not verified) is parked within 4 minutes,
 * well inside its code's 10 minutes, and pages `mail-sender-dlq` instead of failing in silence.
 */
export const MAIL_MAX_RECEIVES = 4;

/**
 * The queue sign-in codes wait in (docs/decisions.md, "Two readers per stream"): FIFO, each message
 * its own group (lib/email/mail-queue.ts), read by the mail sender, with a DLQ of its own. The
 * embedded default runs the same handler on its SQS stand-in (infra/local/mail-queue.ts).
 */
export class MailQueue extends Construct {
  readonly queue: Queue;
  readonly dlq: Queue;
  readonly queueName: string;
  readonly dlqName: string;
  /** Literal ARN and URL (the queue has a fixed name): the functions' grants and environment. */
  readonly queueArn: string;
  readonly queueUrl: string;
  readonly dlqArn: string;

  constructor(scope: Construct, id: string, props: { settings: StageSettings }) {
    super(scope, id);
    const { prefix } = props.settings;
    this.queueName = `${prefix}-mail.fifo`;
    this.dlqName = `${prefix}-mail-dlq.fifo`;
    this.dlq = new Queue(this, 'MailDlq', {
      queueName: this.dlqName,
      fifo: true,
      removalPolicy: props.settings.removalPolicy,
      // A FIFO DLQ keeps a message from the time it was moved there: two weeks to read why.
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    Validations.of(this.dlq).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: 'This queue is itself a dead-letter queue (a DLQ of a DLQ would only move the problem).',
    });
    this.queue = new Queue(this, 'Mail', {
      queueName: this.queueName,
      fifo: true,
      removalPolicy: props.settings.removalPolicy,
      visibilityTimeout: Duration.seconds(MAIL_SENDER_TIMEOUT.toSeconds() * 2),
      // A code lives 10 minutes; an hour leaves every message time to reach the DLQ rather than expire unseen.
      retentionPeriod: Duration.hours(1),
      deadLetterQueue: { queue: this.dlq, maxReceiveCount: MAIL_MAX_RECEIVES },
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    this.queueArn = `arn:${Aws.PARTITION}:sqs:${Aws.REGION}:${Aws.ACCOUNT_ID}:${this.queueName}`;
    this.queueUrl = `https://sqs.${Aws.REGION}.${Aws.URL_SUFFIX}/${Aws.ACCOUNT_ID}/${this.queueName}`;
    this.dlqArn = `arn:${Aws.PARTITION}:sqs:${Aws.REGION}:${Aws.ACCOUNT_ID}:${this.dlqName}`;
  }

  /** The mail sender reads the queue in batches; a message it could not send is handed out again. */
  attachSender(sender: ServiceFunction): void {
    sender.live.addEventSource(new SqsEventSource(this.queue, { batchSize: MAIL_BATCH_SIZE, reportBatchItemFailures: true }));
  }
}
