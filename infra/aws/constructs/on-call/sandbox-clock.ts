import { ComparisonOperator, GraphWidget, type IWidget, MathExpression } from 'aws-cdk-lib/aws-cloudwatch';
import { FIVE_MIN, lambdaMetric, queueMetric } from './metrics';
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
  workerHeartbeat({ props, alarms });
  return [[new GraphWidget({ title: 'Sandbox clock: failed steps (DLQ)', left: [dlq], width: 8 })]];
}

/**
 * The step worker's mapping stopped (disabled, or the function gone): steps wait in the queue and no
 * worker runs, for 15 minutes, so clocks stay `advancing` and nothing fails or reaches the DLQ. A step
 * running sends the next before it is acknowledged, so a clock advancing is never 15 minutes without
 * an invocation.
 */
function workerHeartbeat({ props, alarms }: Area): void {
  const c = props.sandboxClock!;
  if (!c.workerName) return;
  alarms.add({
    runbook: 'sandbox-clock-step-dlq',
    meaning: 'Sandbox clock steps wait in their queue and the step worker has not run for 15 minutes: its event source mapping stopped',
    metric: new MathExpression({
      expression: 'IF(FILL(waiting, 0) > 0 AND FILL(invocations, 0) == 0, 1, 0)',
      usingMetrics: {
        waiting: queueMetric(c.queueName, 'ApproximateNumberOfMessagesVisible', undefined, 'Maximum', FIVE_MIN),
        invocations: lambdaMetric(c.workerName, 'Invocations', 'Sum'),
      },
      label: 'steps waiting, no worker running',
      period: FIVE_MIN,
    }),
    threshold: 1,
    periods: 3,
    suffix: 'silent',
  });
}
