import { Aws, Duration, Validations } from 'aws-cdk-lib';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { DeduplicationScope, FifoThroughputLimit, Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { EVENT_ENTITY, PENDING_EVENT_ENTITY } from '../../../lib/store/table-definition';
import type { StageSettings } from '../stages';
import type { ServiceFunction } from './service-function';

/** The signer gives an endpoint this long to answer (Standard Webhooks' advice is seconds, not minutes). */
export const DELIVERY_TIMEOUT = Duration.seconds(15);
/** Messages the signer takes per invocation; each may wait DELIVERY_TIMEOUT, one after another. */
export const SIGNER_BATCH_SIZE = 5;
/** Above every delivery of a full batch, plus room for the table writes around them. */
export const SIGNER_TIMEOUT = Duration.seconds(DELIVERY_TIMEOUT.toSeconds() * SIGNER_BATCH_SIZE + 15);
/** The spec's hold before a first delivery: a late-committing earlier event can take its place first. */
export const DELIVERY_DELAY = Duration.seconds(2);
/**
 * Receives before SQS moves a message to the DLQ. The signer decides when to give up
 * (lib/webhooks/delivery/delivery-settings.ts: 10 attempts over ~3 days, waits over 12 h split in two
 * receives, `Retry-After` deferrals at most hourly until the endpoint is disabled after 5 days failing:
 * ~140 receives at worst, and messages behind the head of their group are received with it). The DLQ
 * only catches messages the signer never settles, so the count sits well above that.
 */
export const MAX_RECEIVES = 300;
/**
 * The sequencer's backstop waits until a pending event is older than every writer's wait and any
 * abandoned lease (lib/event-log/sequencer/settings.ts: 10 s + 5 s), then drains: well within a minute.
 */
export const BACKSTOP_TIMEOUT = Duration.seconds(60);

/**
 * Stream → fan-out → FIFO queue (one group per endpoint) → signer. Built piece by piece as the
 * handlers land (see when-present.ts): the queue exists as soon as either function does.
 */
export class WebhookPipeline extends Construct {
  readonly queue: Queue;
  readonly dlq: Queue;
  /** Stream batches the fan-out could not process after its retries (on-failure destination). */
  readonly fanoutDlq: Queue;
  /** Literal names, ARN and URL (the queues have fixed names): no cross-stack references needed. */
  readonly queueName: string;
  readonly dlqName: string;
  readonly fanoutDlqName: string;
  readonly queueArn: string;
  readonly queueUrl: string;

  constructor(scope: Construct, id: string, props: { settings: StageSettings }) {
    super(scope, id);
    const { prefix } = props.settings;
    this.queueName = `${prefix}-webhook-deliveries.fifo`;
    this.dlqName = `${prefix}-webhook-deliveries-dlq.fifo`;
    this.fanoutDlqName = `${prefix}-webhook-fanout-dlq`;
    this.queueArn = `arn:${Aws.PARTITION}:sqs:${Aws.REGION}:${Aws.ACCOUNT_ID}:${this.queueName}`;
    this.queueUrl = `https://sqs.${Aws.REGION}.${Aws.URL_SUFFIX}/${Aws.ACCOUNT_ID}/${this.queueName}`;
    this.dlq = new Queue(this, 'DeliveryDlq', {
      queueName: this.dlqName,
      fifo: true,
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    this.queue = new Queue(this, 'Deliveries', {
      queueName: this.queueName,
      fifo: true,
      // Per-endpoint lanes: the group is the endpoint id; high throughput spreads groups over partitions.
      deduplicationScope: DeduplicationScope.MESSAGE_GROUP,
      fifoThroughputLimit: FifoThroughputLimit.PER_MESSAGE_GROUP_ID,
      deliveryDelay: DELIVERY_DELAY,
      // Lambda's advice: six times the consumer's timeout, so a slow batch is never received twice.
      visibilityTimeout: Duration.seconds(SIGNER_TIMEOUT.toSeconds() * 6),
      retentionPeriod: Duration.days(14),
      deadLetterQueue: { queue: this.dlq, maxReceiveCount: MAX_RECEIVES },
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    this.fanoutDlq = new Queue(this, 'FanoutDlq', {
      queueName: this.fanoutDlqName,
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    for (const dlq of [this.dlq, this.fanoutDlq]) {
      Validations.of(dlq).acknowledge({
        id: 'AwsSolutions-SQS3',
        reason: 'This queue is itself a dead-letter queue (a DLQ of a DLQ would only move the problem).',
      });
    }
  }

  /**
   * The fan-out reads only event items (`entity` = EVENT_ENTITY) as they are inserted: a filter in
   * the event source mapping, so other writes never invoke it. A failing record is bisected out of
   * its batch and retried a bounded number of times, then its batch is described in the fan-out DLQ
   * instead of holding the shard for 24 hours.
   */
  attachFanout(fanout: ServiceFunction, table: Table): void {
    fanout.fn.addEventSource(
      new DynamoEventSource(table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: 100,
        bisectBatchOnError: true,
        retryAttempts: 5,
        maxRecordAge: Duration.hours(6),
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(this.fanoutDlq),
        filters: [
          FilterCriteria.filter({
            eventName: FilterRule.isEqual('INSERT'),
            dynamodb: { NewImage: { entity: { S: FilterRule.isEqual(EVENT_ENTITY) } } },
          }),
        ],
      }),
    );
  }

  /**
   * The event sequencer's backstop (lib/event-log/sequencer/backstop.ts) reads only pending events as
   * they are inserted. A batch it could not finish (the log stayed leased, time ran out) fails as a
   * whole and is given again: its work is idempotent (it drains whatever is still pending). After the
   * retries its description goes to the fan-out DLQ, which pages on-call.
   */
  attachSequencerBackstop(backstop: ServiceFunction, table: Table): void {
    backstop.fn.addEventSource(
      new DynamoEventSource(table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: 100,
        retryAttempts: 10,
        maxRecordAge: Duration.hours(6),
        onFailure: new SqsDlq(this.fanoutDlq),
        filters: [
          FilterCriteria.filter({
            eventName: FilterRule.isEqual('INSERT'),
            dynamodb: { NewImage: { entity: { S: FilterRule.isEqual(PENDING_EVENT_ENTITY) } } },
          }),
        ],
      }),
    );
  }

  /** The signer: partial batch failures (a failed message fails the rest of its group), bounded concurrency. */
  attachSigner(signer: ServiceFunction, maxConcurrency: number): void {
    signer.fn.addEventSource(
      new SqsEventSource(this.queue, {
        batchSize: SIGNER_BATCH_SIZE,
        reportBatchItemFailures: true,
        maxConcurrency: Math.max(2, maxConcurrency),
      }),
    );
  }
}
