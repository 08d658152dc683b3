import { GraphWidget, type IWidget, Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { FIVE_MIN, groupBy, lambdaMetric, ONE_MIN, W } from './metrics';
import type { Area } from './props';

/** The account's concurrency and throttles, then each group's functions: errors, throttles, duration, concurrency. */
export function functionWidgets(area: Area): IWidget[][] {
  const accountConcurrency = new Metric({
    namespace: 'AWS/Lambda',
    metricName: 'ConcurrentExecutions',
    statistic: 'Maximum',
    period: ONE_MIN,
    label: 'account concurrency',
  });
  const accountThrottles = new Metric({
    namespace: 'AWS/Lambda',
    metricName: 'Throttles',
    statistic: 'Sum',
    period: FIVE_MIN,
    label: 'account throttles',
  });
  accountAlarms(area, accountConcurrency, accountThrottles);
  return [
    [
      new GraphWidget({
        title: 'Account concurrency and throttles',
        left: [accountConcurrency],
        right: [accountThrottles],
        width: W,
        height: 5,
      }),
    ],
    ...[...groupBy(area.props.functions, (f) => f.group)].map(([group, fns]) => {
      const per = (metricName: string, statistic: string) => fns.map((f) => lambdaMetric(f.name, metricName, statistic));
      return [
        new GraphWidget({ title: `${group} functions: errors`, left: per('Errors', 'Sum'), width: 6, height: 7 }),
        new GraphWidget({ title: `${group} functions: throttles`, left: per('Throttles', 'Sum'), width: 6, height: 7 }),
        new GraphWidget({ title: `${group} functions: duration p99 (ms)`, left: per('Duration', 'p99'), width: 6, height: 7 }),
        new GraphWidget({
          title: `${group} functions: concurrency (max)`,
          left: per('ConcurrentExecutions', 'Maximum'),
          width: 6,
          height: 7,
        }),
      ];
    }),
  ];
}

/** Account-wide metrics alarm once per account: in the stage that owns the account's pieces (stages.ts). */
function accountAlarms({ props, alarms }: Area, concurrency: Metric, throttles: Metric): void {
  if (props.settings.accountPieces !== 'self') return;
  alarms.add({
    runbook: 'lambda-concurrency',
    meaning: `Lambda concurrency above 80 % of the account's ${props.settings.accountConcurrency} for 3 minutes`,
    metric: concurrency,
    threshold: props.settings.accountConcurrency * 0.8,
    periods: 3,
  });
  alarms.add({
    runbook: 'lambda-throttles',
    meaning: 'Lambda throttled more than 10 invocations in 5 minutes, twice in a row',
    metric: throttles,
    threshold: 10,
    periods: 2,
  });
}
