import { ComparisonOperator, GraphWidget, type IWidget, MathExpression, type Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { FIVE_MIN, lambdaMetric, queueMetric } from './metrics';
import type { Area } from './props';

interface LaneMetrics {
  /** Added to shard 0's alarm names for the other shards (shard 0's keep their names from before sharding). */
  suffix?: string;
  oldest: Metric;
  visible: Metric;
  inFlight: Metric;
  dlq: Metric;
}

/** One set of queue metrics per lane shard. */
function laneMetrics({ props }: Area): LaneMetrics[] {
  const lanes = props.pipeline!.lanes;
  return lanes.map((lane, i) => {
    const shard = lanes.length > 1 ? ` (lane ${i})` : '';
    return {
      suffix: i === 0 ? undefined : `lane-${i}`,
      oldest: queueMetric(lane.queueName, 'ApproximateAgeOfOldestMessage', `oldest message (s)${shard}`),
      visible: queueMetric(lane.queueName, 'ApproximateNumberOfMessagesVisible', `waiting${shard}`),
      inFlight: queueMetric(lane.queueName, 'ApproximateNumberOfMessagesNotVisible', `in flight${shard}`),
      dlq: queueMetric(lane.dlqName, 'ApproximateNumberOfMessagesVisible', `delivery DLQ${shard}`),
    };
  });
}

const fanoutDlqOf = ({ props }: Area) => queueMetric(props.pipeline!.fanoutDlqName, 'ApproximateNumberOfMessagesVisible', 'fan-out DLQ');

/** Each lane shard's backlog, its FIFO limits and its DLQ; the fan-out's DLQ. */
export function laneAlarms(area: Area): void {
  const { alarms } = area;
  const named = (what: string, suffix?: string) => `${what}${suffix ? `-${suffix}` : ''}`;
  const anyMessage = { threshold: 0, periods: 1, comparison: ComparisonOperator.GREATER_THAN_THRESHOLD };
  for (const lane of laneMetrics(area)) {
    alarms.add({
      runbook: 'webhook-queue-backlog',
      meaning: 'More than 1,000 deliveries waiting in one lane shard for 15 minutes: the signer is not keeping up',
      metric: lane.visible,
      threshold: 1000,
      periods: 15,
      suffix: lane.suffix,
    });
    // SQS's FIFO limits (docs/capacity.md, "The walls"): 120,000 in flight per queue, and older than any
    // wait the signer sets (a failing endpoint is disabled after 5 days, its messages cancelled).
    alarms.add({
      runbook: 'webhook-lane-limits',
      meaning:
        'More than 100,000 messages in flight in one lane shard: near the FIFO queue limit of 120,000, where it stops handing out messages',
      metric: lane.inFlight,
      threshold: 100_000,
      periods: 3,
      suffix: named('in-flight', lane.suffix),
    });
    alarms.add({
      runbook: 'webhook-lane-limits',
      meaning: 'A lane shard holds a message older than 5 days and an hour: older than any wait the signer keeps',
      metric: lane.oldest,
      threshold: (5 * 24 + 1) * 3600,
      periods: 5,
      suffix: named('oldest', lane.suffix),
    });
    alarms.add({
      runbook: 'webhook-delivery-dlq',
      meaning: 'A webhook delivery reached a delivery DLQ',
      metric: lane.dlq,
      ...anyMessage,
      suffix: lane.suffix,
    });
  }
  signerHeartbeat(area);
  alarms.add({
    runbook: 'webhook-fanout-dlq',
    meaning: 'A stream batch failed fan-out after its retries: events may not have been queued',
    metric: fanoutDlqOf(area),
    ...anyMessage,
  });
}

export function laneWidgets(area: Area): IWidget[] {
  const lanes = laneMetrics(area);
  return [
    new GraphWidget({ title: 'Delivery lanes: oldest message age (s)', left: lanes.map((l) => l.oldest), width: 6 }),
    new GraphWidget({ title: 'Delivery lanes: waiting, in flight', left: lanes.flatMap((l) => [l.visible, l.inFlight]), width: 6 }),
    new GraphWidget({ title: 'Dead-letter queues', left: [...lanes.map((l) => l.dlq), fanoutDlqOf(area)], width: 6 }),
  ];
}

/**
 * The signer's mappings stopped (disabled, or the function gone): deliveries wait in a lane and no
 * signer runs, for 15 minutes. Deliveries held on purpose (a retry's wait) are not visible, so a lane
 * held behind a failing endpoint does not count as waiting.
 */
function signerHeartbeat({ props, alarms }: Area): void {
  const signer = props.pipeline!.signerName;
  if (!signer) return;
  const waiting = Object.fromEntries(
    props.pipeline!.lanes.map((lane, i) => [
      `v${i}`,
      queueMetric(lane.queueName, 'ApproximateNumberOfMessagesVisible', undefined, 'Maximum', FIVE_MIN),
    ]),
  );
  const anyWaiting = Object.keys(waiting)
    .map((id) => `FILL(${id}, 0)`)
    .join(' + ');
  alarms.add({
    runbook: 'webhook-signer-errors',
    meaning: 'Deliveries wait in the lanes and the signer has not run for 15 minutes: its event source mappings stopped',
    metric: new MathExpression({
      expression: `IF(${anyWaiting} > 0 AND FILL(invocations, 0) == 0, 1, 0)`,
      usingMetrics: { ...waiting, invocations: lambdaMetric(signer, 'Invocations', 'Sum') },
      label: 'deliveries waiting, no signer running',
      period: FIVE_MIN,
    }),
    threshold: 1,
    periods: 3,
    suffix: 'silent',
  });
}
