import { GraphWidget, type IWidget, MathExpression, Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { GATEWAY_THROTTLED_METRIC, METRICS_NAMESPACE } from '../../../../lib/observability/metric-names';
import { apiMetric, FIVE_MIN, groupBy } from './metrics';
import type { Area } from './props';

/** The API's summary row and its alarms (5xx rate, p99 latency, the gateway's own throttle). */
export function apiSummary({ props, alarms }: Area): IWidget[][] {
  const count = apiMetric(props, 'Count', 'Sum');
  const e5 = apiMetric(props, '5XXError', 'Sum');
  const e4 = apiMetric(props, '4XXError', 'Sum');
  const rate5 = new MathExpression({
    expression: 'IF(count > 20, 100 * e5 / count, 0)',
    usingMetrics: { count, e5 },
    label: '5xx % of requests',
    period: FIVE_MIN,
  });
  alarms.add({
    runbook: 'api-5xx-rate',
    meaning: 'More than 1 % of API requests failed with a 5xx for 15 minutes',
    metric: rate5,
    threshold: 1,
    periods: 3,
  });
  const p99 = apiMetric(props, 'Latency', 'p99');
  alarms.add({
    runbook: 'api-latency-p99',
    meaning: 'API p99 latency above 2.5 s for 15 minutes',
    metric: p99,
    threshold: 2500,
    periods: 3,
  });
  const integrationP99 = apiMetric(props, 'IntegrationLatency', 'p99');
  return [
    [
      new GraphWidget({ title: 'API requests', left: [count], width: 6 }),
      new GraphWidget({ title: 'API 4xx / 5xx', left: [e4, e5], right: [rate5], width: 6 }),
      new GraphWidget({
        title: 'API latency (p50, p99) and integration p99',
        left: [apiMetric(props, 'Latency', 'p50'), p99, integrationP99],
        width: 6,
      }),
      new GraphWidget({
        title: 'API cache-less overhead: latency − integration (p99)',
        left: [
          new MathExpression({
            expression: 'l - i',
            usingMetrics: { l: p99, i: apiMetric(props, 'IntegrationLatency', 'p99') },
            label: 'gateway p99 ms',
            period: FIVE_MIN,
          }),
        ],
        width: 6,
      }),
    ],
  ];
}

/**
 * API Gateway's own throttle (the stage's backstop far above per-key limits) refused requests: counted
 * from the access log (rest-api.ts), since the gateway's 429s are not a metric of their own.
 */
export function gatewayThrottleAlarm({ props, alarms }: Area): void {
  alarms.add({
    runbook: 'api-gateway-throttled',
    meaning: "API Gateway's stage throttle refused 10 or more requests in 5 minutes",
    metric: new Metric({
      namespace: METRICS_NAMESPACE,
      metricName: GATEWAY_THROTTLED_METRIC,
      statistic: 'Sum',
      period: FIVE_MIN,
      dimensionsMap: { Stage: props.settings.name },
    }),
    threshold: 10,
    periods: 1,
  });
}

/** Per route, one group (partner, sandbox, dashboard, public) per row of four graphs. */
export function perRouteWidgets({ props }: Area): IWidget[][] {
  const byGroup = groupBy(
    props.functions.filter((f) => f.route),
    (f) => f.group,
  );
  return [...byGroup].map(([group, fns]) => {
    const per = (metricName: string, statistic: string) =>
      fns.map((f) =>
        apiMetric(
          props,
          metricName,
          statistic,
          { Method: f.route!.method, Resource: f.route!.path },
          `${f.route!.method} ${f.route!.path}`,
        ),
      );
    return [
      new GraphWidget({ title: `${group} routes: requests`, left: per('Count', 'Sum'), width: 6, height: 8, legendPosition: undefined }),
      new GraphWidget({ title: `${group} routes: 4xx`, left: per('4XXError', 'Sum'), width: 6, height: 8 }),
      new GraphWidget({ title: `${group} routes: 5xx`, left: per('5XXError', 'Sum'), width: 6, height: 8 }),
      new GraphWidget({ title: `${group} routes: p99 latency (ms)`, left: per('Latency', 'p99'), width: 6, height: 8 }),
    ];
  });
}
