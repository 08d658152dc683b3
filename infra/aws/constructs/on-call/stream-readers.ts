import { ComparisonOperator, GraphWidget, type IWidget } from 'aws-cdk-lib/aws-cloudwatch';
import { lambdaMetric, ONE_MIN, pendingAge } from './metrics';
import type { Area } from './props';

const failedThreeTimes = { threshold: 0, periods: 3, comparison: ComparisonOperator.GREATER_THAN_THRESHOLD };

/** The stream's readers (the fan-out, the sequencer's backstop) and the signer: lag and errors. */
export function streamReaderAlarms(area: Area): void {
  fanoutAlarms(area);
  backstopAlarms(area);
  const signer = area.props.pipeline!.signerName;
  if (signer)
    area.alarms.add({
      runbook: 'webhook-signer-errors',
      meaning: 'The signer function itself failed (not an endpoint) in three 5-minute periods in a row',
      metric: lambdaMetric(signer, 'Errors', 'Sum'),
      ...failedThreeTimes,
    });
}

function fanoutAlarms({ props, alarms }: Area): void {
  const fanout = props.pipeline!.fanoutName;
  if (!fanout) return;
  alarms.add({
    runbook: 'webhook-stream-lag',
    meaning: 'The fan-out is more than a minute behind the table stream for 5 minutes',
    metric: lambdaMetric(fanout, 'IteratorAge', 'Maximum'),
    threshold: 60_000,
    periods: 5,
    period: ONE_MIN,
  });
  alarms.add({
    runbook: 'webhook-fanout-errors',
    meaning: 'The fan-out function failed in three 5-minute periods in a row',
    metric: lambdaMetric(fanout, 'Errors', 'Sum'),
    ...failedThreeTimes,
  });
}

function backstopAlarms({ props, alarms }: Area): void {
  const backstop = props.pipeline!.backstopName;
  if (!backstop) return;
  alarms.add({
    runbook: 'event-sequencer-backstop',
    meaning: "The sequencer's backstop is more than a minute behind the table stream for 5 minutes",
    metric: lambdaMetric(backstop, 'IteratorAge', 'Maximum'),
    threshold: 60_000,
    periods: 5,
    period: ONE_MIN,
    suffix: 'iterator-age',
  });
  alarms.add({
    runbook: 'event-sequencer-backstop',
    meaning: "The sequencer's backstop failed in three 5-minute periods in a row",
    metric: lambdaMetric(backstop, 'Errors', 'Sum'),
    ...failedThreeTimes,
    suffix: 'errors',
  });
  alarms.add({
    runbook: 'event-sequencer-backstop',
    meaning: 'A pending event waited more than 2 minutes to be sequenced, twice in a row',
    metric: pendingAge(),
    threshold: 120_000,
    periods: 2,
    comparison: ComparisonOperator.GREATER_THAN_THRESHOLD,
    suffix: 'pending-age',
  });
}

export function streamReaderWidgets({ props }: Area): IWidget[] {
  const p = props.pipeline!;
  const widgets: IWidget[] = [];
  if (p.fanoutName)
    widgets.push(
      new GraphWidget({ title: 'Stream iterator age (ms)', left: [lambdaMetric(p.fanoutName, 'IteratorAge', 'Maximum')], width: 6 }),
    );
  if (p.backstopName)
    widgets.push(
      new GraphWidget({
        title: 'Sequencer backstop: lag (ms), errors',
        left: [lambdaMetric(p.backstopName, 'IteratorAge', 'Maximum')],
        right: [lambdaMetric(p.backstopName, 'Errors', 'Sum')],
        width: 6,
      }),
    );
  return widgets;
}
