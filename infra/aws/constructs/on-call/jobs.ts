import { ComparisonOperator, GraphWidget, type IWidget, Metric } from 'aws-cdk-lib/aws-cloudwatch';
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
