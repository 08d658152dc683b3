import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { EVENT_LOG_METRICS_SERVICE, METRICS_NAMESPACE, PENDING_EVENT_AGE_METRIC } from '../../observability/metric-names';
import { variable } from '../../config/variables';

let metrics: Metrics | undefined;

/**
 * The age of the oldest pending event a backstop batch saw (on-call's `event-sequencer-backstop-pending-age`
 * alarm, infra/aws/constructs/on-call/): published at once, one EMF record per batch.
 */
export function publishPendingAge(ms: number): void {
  metrics ??= new Metrics({
    namespace: variable('POWERTOOLS_METRICS_NAMESPACE') ?? METRICS_NAMESPACE,
    serviceName: EVENT_LOG_METRICS_SERVICE,
  });
  metrics.addMetric(PENDING_EVENT_AGE_METRIC, MetricUnit.Milliseconds, Math.max(0, ms));
  metrics.publishStoredMetrics();
}
