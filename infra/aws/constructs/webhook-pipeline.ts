import { Aws, Duration, type RemovalPolicy, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { FilterCriteria, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { DeduplicationScope, FifoThroughputLimit, Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { MAX_RECEIVES } from '../../../lib/webhooks/lane/poison';
import { STREAM_FILTERS } from '../../streams/filters';
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
 * Receives before SQS moves a lane message to its DLQ (lib/webhooks/lane/poison.ts): with the
 * visibility timeout below, a message the signer crashes or times out on reaches the DLQ within the
 * hour (MAX_RECEIVES × 540 s = 54 min), and one whose handling throws every time, by its growing
 * waits, within the hour too. A message the signer holds on purpose (the retry schedule, waits over
 * SQS's 12 h) is renewed before its receipts run out, so it never gets there (docs/capacity.md).
 */
export { MAX_RECEIVES } from '../../../lib/webhooks/lane/poison';
/** Lambda's advice for an SQS source: six times the consumer's timeout, so a slow batch is not received twice. */
export const LANE_VISIBILITY_TIMEOUT = Duration.seconds(SIGNER_TIMEOUT.toSeconds() * 6);
/**
 * The sequencer's backstop waits until a pending event is older than every writer's wait and any
 * abandoned lease (lib/event-log/sequencer/settings.ts: 10 s + 5 s), then drains: well within a minute.
 */
export const BACKSTOP_TIMEOUT = Duration.seconds(60);
/**
 * The most lane shards a stage may have: each adds two queues, a mapping and two alarms; ten shards at a
 * mapping's 1,000 concurrent batches is far beyond the regional goal (docs/capacity.md, "Delivery").
 */
export const MAX_LANE_SHARDS = 10;

/** One lane shard: a FIFO queue (high-throughput mode), its DLQ, and (attachSigner) its own signer mapping. */
export interface LaneShard {
  index: number;
  queue: Queue;
  dlq: Queue;
  /** Literal names, ARN and URL (the queues have fixed names): no cross-stack references needed. */
  queueName: string;
  dlqName: string;
  queueArn: string;
  queueUrl: string;
}

/**
 * The names of lane shard `index`'s queue and DLQ. Shard 0 keeps the names (and construct ids) of the
 * single queue before sharding, so a deployed queue is never replaced and endpoints without a recorded
 * shard still find their queued deliveries (docs/decisions.md, "Sharded lanes").
 */
export function laneShardQueueNames(prefix: string, index: number): { queueName: string; dlqName: string } {
  const base = index === 0 ? `${prefix}-webhook-deliveries` : `${prefix}-webhook-deliveries-${index}`;
  return { queueName: `${base}.fifo`, dlqName: `${base}-dlq.fifo` };
}

/**
 * Stream → fan-out → FIFO lane queues (one per lane shard; one group per endpoint) → signer, one event
 * source mapping per shard. The stack adds the fan-out, the signer and the backstop to it (tests may
 * give only some of them: the queues exist as soon as any function uses them). The fan-out and the
 * backstop are the stream's only two readers: DynamoDB Streams throttles a third (the mail sender
 * reads its own queue, ./mail-queue.ts).
 */
export class WebhookPipeline extends Construct {
  /** The lane shards, shard 0 first: `settings.shards.lanes` of them. */
  readonly lanes: LaneShard[];
  /** Stream batches the fan-out could not process after its retries (on-failure destination). */
  readonly fanoutDlq: Queue;
  readonly fanoutDlqName: string;

  constructor(scope: Construct, id: string, props: { settings: StageSettings }) {
    super(scope, id);
    const { prefix } = props.settings;
    const laneShards = props.settings.shards.lanes;
    if (!Number.isInteger(laneShards) || laneShards < 1 || laneShards > MAX_LANE_SHARDS)
      throw new Error(`laneShards must be a whole number from 1 to ${MAX_LANE_SHARDS}, not ${laneShards}: it may only grow`);
    this.lanes = Array.from({ length: laneShards }, (_, index) => this.laneShard(prefix, index, props.settings.removalPolicy));
    this.fanoutDlqName = `${prefix}-webhook-fanout-dlq`;
    this.fanoutDlq = new Queue(this, 'FanoutDlq', {
      queueName: this.fanoutDlqName,
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // Production keeps its queues: a stack deleted by mistake must not take queued deliveries with it.
      removalPolicy: props.settings.removalPolicy,
    });
    for (const dlq of [...this.lanes.map((l) => l.dlq), this.fanoutDlq]) {
      Validations.of(dlq).acknowledge({
        id: 'AwsSolutions-SQS3',
        reason: 'This queue is itself a dead-letter queue (a DLQ of a DLQ would only move the problem).',
      });
    }
  }

  /** Every lane queue's URL, shard 0 first: the functions' WEBHOOK_QUEUE_URLS (lib/webhooks/lane-shards.ts). */
  get queueUrls(): string[] {
    return this.lanes.map((l) => l.queueUrl);
  }

  get queueArns(): string[] {
    return this.lanes.map((l) => l.queueArn);
  }

  private laneShard(prefix: string, index: number, removalPolicy: RemovalPolicy): LaneShard {
    const { queueName, dlqName } = laneShardQueueNames(prefix, index);
    // Shard 0 keeps the construct ids of the single queue it was: its logical ids (and queue) stay.
    const suffix = index === 0 ? '' : String(index);
    const dlq = new Queue(this, `DeliveryDlq${suffix}`, {
      queueName: dlqName,
      fifo: true,
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      removalPolicy,
    });
    const queue = new Queue(this, `Deliveries${suffix}`, {
      queueName,
      fifo: true,
      // Per-endpoint lanes: the group is the endpoint id; high throughput spreads groups over partitions.
      deduplicationScope: DeduplicationScope.MESSAGE_GROUP,
      fifoThroughputLimit: FifoThroughputLimit.PER_MESSAGE_GROUP_ID,
      deliveryDelay: DELIVERY_DELAY,
      visibilityTimeout: LANE_VISIBILITY_TIMEOUT,
      retentionPeriod: Duration.days(14),
      deadLetterQueue: { queue: dlq, maxReceiveCount: MAX_RECEIVES },
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      removalPolicy,
    });
    return {
      index,
      queue,
      dlq,
      queueName,
      dlqName,
      queueArn: `arn:${Aws.PARTITION}:sqs:${Aws.REGION}:${Aws.ACCOUNT_ID}:${queueName}`,
      queueUrl: `https://sqs.${Aws.REGION}.${Aws.URL_SUFFIX}/${Aws.ACCOUNT_ID}/${queueName}`,
    };
  }

  /**
   * The fan-out reads only event items (`entity` = EVENT_ENTITY) as they are inserted: a filter in
   * the event source mapping (infra/streams/filters.ts, which the embedded default applies too), so
   * other writes never invoke it. A failing record is bisected out of
   * its batch and retried a bounded number of times, then its batch is described in the fan-out DLQ
   * instead of holding the shard for 24 hours.
   */
  attachFanout(fanout: ServiceFunction, table: ITable): void {
    fanout.live.addEventSource(
      new DynamoEventSource(table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: 100,
        bisectBatchOnError: true,
        retryAttempts: 5,
        maxRecordAge: Duration.hours(6),
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(this.fanoutDlq),
        filters: [FilterCriteria.filter(STREAM_FILTERS.fanout)],
      }),
    );
  }

  /**
   * The event sequencer's backstop (lib/event-log/sequencer/backstop.ts) reads only pending events as
   * they are inserted. A batch it could not finish (the log stayed leased, time ran out) fails as a
   * whole and is given again: its work is idempotent (it drains whatever is still pending). After the
   * retries its description goes to the fan-out DLQ, which pages on-call
   * (docs/runbooks/webhook-fanout-dlq.md tells the two apart).
   */
  attachSequencerBackstop(backstop: ServiceFunction, table: ITable): void {
    backstop.live.addEventSource(
      new DynamoEventSource(table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: 100,
        retryAttempts: 10,
        maxRecordAge: Duration.hours(6),
        onFailure: new SqsDlq(this.fanoutDlq),
        filters: [FilterCriteria.filter(STREAM_FILTERS.sequencerBackstop)],
      }),
    );
  }

  /**
   * The signer, one event source mapping per lane shard, each with its own `maxConcurrency` (Lambda's
   * cap on a FIFO source is min(active groups, the mapping's maximum ≤ 1,000): shards add mappings, so
   * throughput grows with them). Partial batch failures: a failed message fails the rest of its group.
   */
  attachSigner(signer: ServiceFunction, maxConcurrencyPerShard: number): void {
    for (const lane of this.lanes) {
      signer.live.addEventSource(
        new SqsEventSource(lane.queue, {
          batchSize: SIGNER_BATCH_SIZE,
          reportBatchItemFailures: true,
          maxConcurrency: Math.min(1000, Math.max(2, maxConcurrencyPerShard)),
        }),
      );
    }
  }
}
