import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { variable } from '../config/variables';

/**
 * EMF metrics of webhook delivery (on-call's dashboard and alarms): attempts, successes, failures by
 * class, give-ups, disables, and event-to-acknowledge latency. The handlers publish after each batch.
 */
let instance: Metrics | undefined;

/** Created on first use, so the environment (namespace, POWERTOOLS_METRICS_DISABLED) is read then. */
export function webhookMetrics(): Metrics {
  instance ??= new Metrics({ namespace: variable('POWERTOOLS_METRICS_NAMESPACE'), serviceName: 'webhooks' });
  return instance;
}

export function countMetric(name: string, value = 1): void {
  webhookMetrics().addMetric(name, MetricUnit.Count, value);
}

/** A count with one dimension (failure class, disable reason), emitted as its own EMF record. */
export function countBy(name: string, dimension: string, value: string): void {
  const single = webhookMetrics().singleMetric();
  single.addDimension(dimension, value);
  single.addMetric(name, MetricUnit.Count, 1);
}

export function latencyMetric(name: string, ms: number): void {
  webhookMetrics().addMetric(name, MetricUnit.Milliseconds, ms);
}

/** Flush at the end of an invocation (nothing when nothing was counted). */
export function publishMetrics(): void {
  if (webhookMetrics().hasStoredMetrics()) webhookMetrics().publishStoredMetrics();
}
