import { GraphWidget, type IWidget, MathExpression } from 'aws-cdk-lib/aws-cloudwatch';
import {
  DISABLE_REASON_DIMENSION,
  FAILURE_CLASS_DIMENSION,
  OUR_SIDE_FAILURE_CLASSES,
  WEBHOOK_FAILURE_CLASSES,
  WEBHOOK_METRICS,
} from '../../../../lib/observability/metric-names';
import { laneAlarms, laneWidgets } from './lanes';
import { FIVE_MIN, webhookMetric } from './metrics';
import type { Area } from './props';
import { streamReaderAlarms, streamReaderWidgets } from './stream-readers';

const failureOf = (failureClass: string) =>
  webhookMetric(WEBHOOK_METRICS.failure, 'Sum', failureClass, { [FAILURE_CLASS_DIMENSION]: failureClass });

/** Webhooks: the deliveries (attempts, failures, give-ups, latency), then the pipeline (lanes, DLQs, stream readers). */
export function webhookWidgets(area: Area): IWidget[][] {
  const rows: IWidget[][] = [deliveryWidgets()];
  if (!area.props.pipeline) return rows;
  deliveryAlarms(area);
  laneAlarms(area);
  streamReaderAlarms(area);
  rows.push([...laneWidgets(area), ...streamReaderWidgets(area)]);
  return rows;
}

function deliveryWidgets(): IWidget[] {
  const disabled = ['gone', 'failing'].map((r) =>
    webhookMetric(WEBHOOK_METRICS.endpointDisabled, 'Sum', `disabled: ${r}`, { [DISABLE_REASON_DIMENSION]: r }),
  );
  return [
    new GraphWidget({
      title: 'Webhook attempts, successes, fan-out',
      left: [
        webhookMetric(WEBHOOK_METRICS.attempt, 'Sum', 'attempts'),
        webhookMetric(WEBHOOK_METRICS.success, 'Sum', 'successes'),
        webhookMetric(WEBHOOK_METRICS.fanOut, 'Sum', 'queued by fan-out'),
      ],
      width: 6,
    }),
    new GraphWidget({ title: 'Webhook failures by class', left: WEBHOOK_FAILURE_CLASSES.map(failureOf), width: 6 }),
    new GraphWidget({
      title: 'Give-ups and disabled endpoints',
      left: [webhookMetric(WEBHOOK_METRICS.giveUp, 'Sum', 'give-ups'), ...disabled],
      width: 6,
    }),
    new GraphWidget({
      title: 'Event → acknowledge latency (ms)',
      left: [webhookMetric(WEBHOOK_METRICS.eventToAck, 'p50', 'p50'), webhookMetric(WEBHOOK_METRICS.eventToAck, 'p99', 'p99')],
      width: 6,
    }),
  ];
}

/** Our side failing (timeouts and connection errors everywhere at once) rather than one partner's endpoint. */
function deliveryAlarms({ alarms }: Area): void {
  const attempts = webhookMetric(WEBHOOK_METRICS.attempt, 'Sum', 'attempts');
  const [timeout, connection] = OUR_SIDE_FAILURE_CLASSES.map(failureOf);
  alarms.add({
    runbook: 'webhook-failure-rate',
    meaning: 'Over half of all webhook attempts time out or fail to connect for 15 minutes',
    metric: new MathExpression({
      expression: 'IF(attempts > 50, 100 * (timeout + connection) / attempts, 0)',
      usingMetrics: { attempts, timeout, connection },
      label: '% attempts failing on timeout/connection',
      period: FIVE_MIN,
    }),
    threshold: 50,
    periods: 3,
  });
  // A signer bug (a signature every partner refuses) answers 4xx everywhere: it pages in 15 minutes,
  // not when the endpoints are disabled 5 days later. One partner's broken endpoint stays below half.
  const answered4xx = webhookMetric(WEBHOOK_METRICS.answered4xx, 'Sum', 'answered 4xx');
  alarms.add({
    runbook: 'webhook-4xx-share',
    meaning: 'Over half of all webhook attempts, across all endpoints, are answered 4xx for 15 minutes',
    metric: new MathExpression({
      expression: 'IF(attempts > 20, 100 * FILL(answered4xx, 0) / attempts, 0)',
      usingMetrics: { attempts, answered4xx },
      label: '% attempts answered 4xx',
      period: FIVE_MIN,
    }),
    threshold: 50,
    periods: 3,
  });
}
