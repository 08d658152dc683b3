import { ComparisonOperator, GraphWidget, type IWidget, MathExpression, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { CANARY_LATENCY_METRIC, CANARY_SUCCESS_METRIC, CANARY_UNCONFIGURED_METRIC } from '../../../../lib/observability/metric-names';
import { apiMetric, canaryMetric, FIVE_MIN, lambdaMetric, pendingAge, queueMetric } from './metrics';
import type { Area } from './props';

/** The row on-call reads first: errors, latency, deliveries waiting and their age, DLQs, the sequencer, the canary. */
export function firstLook(area: Area): IWidget[][] {
  canaryAlarms(area);
  return [[...apiAtAGlance(area), ...pipelineAtAGlance(area), ...canaryAtAGlance(area)]];
}

function apiAtAGlance({ props }: Area): IWidget[] {
  const count = apiMetric(props, 'Count', 'Sum');
  const e5 = apiMetric(props, '5XXError', 'Sum');
  return [
    new GraphWidget({
      title: 'API 5xx % of requests',
      left: [
        new MathExpression({
          expression: 'IF(count > 0, 100 * e5 / count, 0)',
          usingMetrics: { count, e5 },
          label: '5xx %',
          period: FIVE_MIN,
        }),
      ],
      right: [count],
      width: 4,
    }),
    new GraphWidget({
      title: 'API latency p50, p99 (ms)',
      left: [apiMetric(props, 'Latency', 'p50'), apiMetric(props, 'Latency', 'p99')],
      width: 4,
    }),
  ];
}

function pipelineAtAGlance({ props }: Area): IWidget[] {
  const p = props.pipeline;
  if (!p) return [];
  const visible = (queueName: string, label: string) => queueMetric(queueName, 'ApproximateNumberOfMessagesVisible', label);
  const widgets: IWidget[] = [
    new GraphWidget({
      title: 'Deliveries waiting (left), oldest age s (right), per lane',
      left: p.lanes.map((l, i) => visible(l.queueName, `waiting, lane ${i}`)),
      right: p.lanes.map((l, i) => queueMetric(l.queueName, 'ApproximateAgeOfOldestMessage', `oldest, lane ${i}`)),
      width: 4,
    }),
    new GraphWidget({
      title: 'Dead-letter queues',
      left: [
        ...p.lanes.map((l, i) => visible(l.dlqName, `lane ${i} DLQ`)),
        visible(p.fanoutDlqName, 'fan-out DLQ'),
        ...(props.jobFailuresQueueName ? [visible(props.jobFailuresQueueName, 'job failures')] : []),
      ],
      width: 4,
    }),
  ];
  if (p.backstopName)
    widgets.push(
      new GraphWidget({
        title: 'Event sequencer: oldest pending (ms), backstop lag (ms)',
        left: [pendingAge()],
        right: [lambdaMetric(p.backstopName, 'IteratorAge', 'Maximum')],
        width: 4,
      }),
    );
  return widgets;
}

/**
 * A failed probe (two of three runs), and silence: no probe at all in 15 minutes (the schedule, the
 * function or its metrics are gone), which a missing datapoint would otherwise hide.
 */
function canaryAlarms({ props, alarms }: Area): void {
  if (!props.canaryName) return;
  alarms.add({
    runbook: 'canary',
    meaning: 'The canary’s GET /v1/me failed in two of its last three 5-minute periods',
    metric: canaryMetric(CANARY_SUCCESS_METRIC, 'Minimum'),
    threshold: 1,
    periods: 3,
    datapoints: 2,
    comparison: ComparisonOperator.LESS_THAN_THRESHOLD,
    suffix: 'failed',
  });
  // A run without a key (a stage not live yet) is a run: heard, not silent, and not a failure.
  alarms.add({
    runbook: 'canary',
    meaning: 'The canary sent no probe in 15 minutes',
    metric: new MathExpression({
      expression: 'FILL(probes, 0) + FILL(unconfigured, 0)',
      usingMetrics: {
        probes: canaryMetric(CANARY_SUCCESS_METRIC, 'SampleCount'),
        unconfigured: canaryMetric(CANARY_UNCONFIGURED_METRIC, 'SampleCount'),
      },
      label: 'canary runs',
      period: FIVE_MIN,
    }),
    threshold: 1,
    periods: 3,
    comparison: ComparisonOperator.LESS_THAN_THRESHOLD,
    suffix: 'silent',
    missing: TreatMissingData.BREACHING,
  });
}

function canaryAtAGlance({ props }: Area): IWidget[] {
  if (!props.canaryName) return [];
  return [
    new GraphWidget({
      title: 'Canary: GET /v1/me succeeded (1), latency (ms)',
      left: [canaryMetric(CANARY_SUCCESS_METRIC, 'Minimum')],
      right: [canaryMetric(CANARY_LATENCY_METRIC, 'p99')],
      width: 4,
    }),
  ];
}
