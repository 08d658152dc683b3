import { ComparisonOperator, GraphWidget, type IWidget, MathExpression } from 'aws-cdk-lib/aws-cloudwatch';
import { FIVE_MIN, lambdaMetric, ONE_MIN, pendingAge } from './metrics';
import type { Area } from './props';

const failedThreeTimes = { threshold: 0, periods: 3, comparison: ComparisonOperator.GREATER_THAN_THRESHOLD };

/** The stream's readers (the fan-out, the sequencer's backstop) and the signer: lag and errors. */
export function streamReaderAlarms(area: Area): void {
  fanoutAlarms(area);
  backstopAlarms(area);
  fanoutHeartbeat(area);
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

/**
 * The fan-out's mapping stopped (disabled, or its function gone): the stream gives it nothing, so its
 * lag and errors have no datapoints and never alarm. A pending event the backstop reads is sequenced
 * into an event item moments later (lib/event-log/commit.ts), which the fan-out reads: the backstop
 * running for 15 minutes while the fan-out was never invoked means the fan-out's mapping stopped.
 * Uncontended writes commit their events directly (no pending item, no backstop run), so this hears
 * the fan-out only while some writes go the pending path; the reverse (a silent backstop) has no such
 * witness, since most events never reach it.
 */
function fanoutHeartbeat({ props, alarms }: Area): void {
  const { fanoutName, backstopName } = props.pipeline!;
  if (!fanoutName || !backstopName) return;
  alarms.add({
    runbook: 'webhook-stream-lag',
    meaning:
      'Pending events reach the table stream (the sequencer’s backstop runs) and the fan-out was not invoked for 15 minutes: its stream mapping stopped',
    metric: new MathExpression({
      expression: 'IF(FILL(backstop, 0) > 0 AND FILL(fanout, 0) == 0, 1, 0)',
      usingMetrics: { backstop: lambdaMetric(backstopName, 'Invocations', 'Sum'), fanout: lambdaMetric(fanoutName, 'Invocations', 'Sum') },
      label: 'backstop running, fan-out silent',
      period: FIVE_MIN,
    }),
    threshold: 1,
    periods: 3,
    suffix: 'silent',
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
