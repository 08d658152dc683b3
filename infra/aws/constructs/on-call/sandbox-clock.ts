import { ComparisonOperator, GraphWidget, type IWidget } from 'aws-cdk-lib/aws-cloudwatch';
import { queueMetric } from './metrics';
import type { Area } from './props';

/** A step that kept failing leaves a partner's test clock `advancing`: a human must look. */
export function sandboxClockWidgets({ props, alarms }: Area): IWidget[][] {
  const c = props.sandboxClock;
  if (!c) return [];
  const dlq = queueMetric(c.dlqName, 'ApproximateNumberOfMessagesVisible', 'sandbox clock steps DLQ');
  alarms.add({
    runbook: 'sandbox-clock-step-dlq',
    meaning: 'A sandbox clock advance step failed 5 times: that partner’s test clock stays advancing',
    metric: dlq,
    threshold: 0,
    periods: 1,
    comparison: ComparisonOperator.GREATER_THAN_THRESHOLD,
  });
  return [[new GraphWidget({ title: 'Sandbox clock: failed steps (DLQ)', left: [dlq], width: 8 })]];
}
