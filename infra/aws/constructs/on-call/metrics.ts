import { Duration } from 'aws-cdk-lib';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import {
  CANARY_METRICS_SERVICE,
  EVENT_LOG_METRICS_SERVICE,
  METRICS_NAMESPACE,
  PENDING_EVENT_AGE_METRIC,
  WEBHOOK_METRICS_SERVICE,
} from '../../../../lib/observability/metric-names';
import type { OnCallProps } from './props';

export const FIVE_MIN = Duration.minutes(5);
export const ONE_MIN = Duration.minutes(1);
/** The dashboard's width. */
export const W = 24;

/** A metric of the stage's REST API (its name and stage), per method and resource when `extra` says so. */
export function apiMetric(props: OnCallProps, metricName: string, statistic: string, extra: Record<string, string> = {}, label?: string) {
  return new Metric({
    namespace: 'AWS/ApiGateway',
    metricName,
    statistic,
    period: FIVE_MIN,
    dimensionsMap: { ApiName: props.apiName, Stage: props.settings.name, ...extra },
    label,
  });
}

export function lambdaMetric(functionName: string, metricName: string, statistic: string): Metric {
  return new Metric({
    namespace: 'AWS/Lambda',
    metricName,
    statistic,
    period: FIVE_MIN,
    dimensionsMap: { FunctionName: functionName },
    label: functionName,
  });
}

export function queueMetric(
  queueName: string,
  metricName: string,
  label: string | undefined,
  statistic = 'Maximum',
  period = ONE_MIN,
): Metric {
  return new Metric({ namespace: 'AWS/SQS', metricName, statistic, period, dimensionsMap: { QueueName: queueName }, label });
}

/** One of the webhook pipeline's own metrics (lib/observability/metric-names.ts). */
export function webhookMetric(metricName: string, statistic = 'Sum', label?: string, extra: Record<string, string> = {}): Metric {
  return new Metric({
    namespace: METRICS_NAMESPACE,
    metricName,
    statistic,
    period: FIVE_MIN,
    dimensionsMap: { service: WEBHOOK_METRICS_SERVICE, ...extra },
    label: label ?? metricName,
  });
}

export function canaryMetric(metricName: string, statistic: string): Metric {
  return new Metric({
    namespace: METRICS_NAMESPACE,
    metricName,
    statistic,
    period: FIVE_MIN,
    dimensionsMap: { service: CANARY_METRICS_SERVICE },
    label: metricName,
  });
}

/** How long the oldest pending event has waited to be sequenced. */
export function pendingAge(): Metric {
  return new Metric({
    namespace: METRICS_NAMESPACE,
    metricName: PENDING_EVENT_AGE_METRIC,
    statistic: 'Maximum',
    period: FIVE_MIN,
    dimensionsMap: { service: EVENT_LOG_METRICS_SERVICE },
    label: 'oldest pending event (ms)',
  });
}

export function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) out.set(key(item), [...(out.get(key(item)) ?? []), item]);
  return out;
}
