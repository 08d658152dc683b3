import { Duration } from 'aws-cdk-lib';
import { ComparisonOperator, GraphWidget, type IWidget, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import type { WatchedFunction } from './props';
import { FIVE_MIN, lambdaMetric, queueMetric } from './metrics';
import type { Area } from './props';

/** The scheduled jobs: each run that failed, a run out of retries, a dropped invocation. */
export function jobWidgets(area: Area): IWidget[][] {
  const { props, alarms } = area;
  const jobs = props.functions.filter((f) => f.kind === 'job');
  if (!jobs.length || !props.jobScheduleGroup) return [];
  const failed = { threshold: 0, periods: 1, comparison: ComparisonOperator.GREATER_THAN_THRESHOLD };
  for (const job of jobs)
    alarms.add({
      runbook: 'job-failed',
      meaning: `Scheduled job ${job.job} failed`,
      metric: lambdaMetric(job.name, 'Errors', 'Sum'),
      ...failed,
      suffix: job.job,
    });
  for (const job of jobs) heartbeat(area, job);
  if (props.jobFailuresQueueName)
    alarms.add({
      runbook: 'job-failed',
      meaning: 'A job run failed after all of its retries: its event is in the job failures queue',
      metric: queueMetric(props.jobFailuresQueueName, 'ApproximateNumberOfMessagesVisible', undefined, 'Maximum', FIVE_MIN),
      ...failed,
      suffix: 'exhausted',
    });
  const scheduler = (metricName: string) =>
    new Metric({
      namespace: 'AWS/Scheduler',
      metricName,
      statistic: 'Sum',
      period: FIVE_MIN,
      dimensionsMap: { ScheduleGroup: props.jobScheduleGroup! },
      label: metricName,
    });
  alarms.add({
    runbook: 'scheduler-dropped',
    meaning: 'EventBridge Scheduler dropped a job invocation after its retries',
    metric: scheduler('InvocationDroppedCount'),
    ...failed,
  });
  return [
    [
      new GraphWidget({ title: 'Jobs: invocations', left: jobs.map((j) => lambdaMetric(j.name, 'Invocations', 'Sum')), width: 8 }),
      new GraphWidget({ title: 'Jobs: duration max (ms)', left: jobs.map((j) => lambdaMetric(j.name, 'Duration', 'Maximum')), width: 8 }),
      new GraphWidget({
        title: 'Scheduler: target errors, dropped',
        left: [scheduler('TargetErrorCount'), scheduler('InvocationDroppedCount')],
        width: 8,
      }),
    ],
  ];
}

/** How often a schedule expression runs: `rate(n unit)`, else (a cron of ours: once a day) a day. */
export function scheduleInterval(expression: string): Duration {
  const rate = /^rate\((\d+) (minute|hour|day)s?\)$/.exec(expression);
  if (!rate) return Duration.days(1);
  const n = Number(rate[1]);
  return rate[2] === 'minute' ? Duration.minutes(n) : rate[2] === 'hour' ? Duration.hours(n) : Duration.days(n);
}

/**
 * A job that stopped running (its schedule disabled or deleted, the function gone): no invocation in
 * the window its schedule promises one. Missing data breaches: silence is the failure. Two windows of
 * silence in a row (three for jobs every few minutes), so a run late by seconds never pages. The
 * canary has its own (`canary-silent`).
 */
function heartbeat({ alarms }: Parameters<typeof jobWidgets>[0], job: WatchedFunction): void {
  if (!job.schedule || job.job === 'canary') return;
  const interval = scheduleInterval(job.schedule);
  const period = Duration.seconds(Math.min(86_400, Math.max(300, interval.toSeconds())));
  const periods = period.toSeconds() <= 900 ? 3 : 2;
  alarms.add({
    runbook: 'job-failed',
    meaning: `Scheduled job ${job.job} (${job.schedule}) has not run for ${periods} of its periods: its schedule or its function stopped`,
    metric: lambdaMetric(job.name, 'Invocations', 'Sum'),
    period,
    threshold: 1,
    periods,
    comparison: ComparisonOperator.LESS_THAN_THRESHOLD,
    missing: TreatMissingData.BREACHING,
    suffix: `${job.job}-silent`,
  });
}
