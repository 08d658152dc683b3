import { ADVANCE_STEP_MAX_RECEIVES, ADVANCE_STEP_TIMEOUT } from '../../infra/aws/constructs/sandbox-clock-steps';
import { STAGES } from '../../infra/aws/stages';
import { liveAliasOf, namesAlias, synthStage } from './support/synth';

/**
 * The sandbox clock's advance in AWS (docs/decisions.md, "The sandbox clock"): bounded steps that
 * continue themselves through a FIFO queue read by one worker, one message at a time; only the code
 * that queues a step may send to it.
 */
describe('the sandbox clock’s steps', () => {
  const s = synthStage('sandbox-preview');
  const prefix = STAGES['sandbox-preview'].prefix;
  const queues = s.resources.filter((r) => r.type === 'AWS::SQS::Queue');
  const queue = queues.find((q) => q.props.QueueName === `${prefix}-sandbox-clock-steps.fifo`)!;
  const dlq = queues.find((q) => q.props.QueueName === `${prefix}-sandbox-clock-steps-dlq.fifo`)!;
  const worker = s.resources.find((r) => r.type === 'AWS::Lambda::Function' && r.props.FunctionName === `${prefix}-sandbox-clock-step`)!;

  it('is a FIFO queue with a DLQ, held longer than a step may run', () => {
    expect(queue.props).toMatchObject({ FifoQueue: true, SqsManagedSseEnabled: true });
    expect(queue.props.VisibilityTimeout).toBeGreaterThan(ADVANCE_STEP_TIMEOUT.toSeconds());
    expect(queue.props.RedrivePolicy.maxReceiveCount).toBe(ADVANCE_STEP_MAX_RECEIVES);
    expect(dlq.props.FifoQueue).toBe(true);
  });

  it('is read by the step worker one message at a time, reporting a failed step for another try', () => {
    expect(worker.props.Timeout).toBe(ADVANCE_STEP_TIMEOUT.toSeconds());
    const mapping = s.resources.find(
      (r) => r.type === 'AWS::Lambda::EventSourceMapping' && namesAlias(r.props.FunctionName, liveAliasOf(s, worker)),
    )!;
    expect(mapping.props).toMatchObject({ BatchSize: 1, FunctionResponseTypes: ['ReportBatchItemFailures'] });
    expect(JSON.stringify(mapping.props.EventSourceArn)).toContain(queue.id);
  });

  it('tells every function where the queue is, and lets only the advance routes (the API and the dashboard), the worker and on-call’s redrive of its DLQ send to it', () => {
    expect(JSON.stringify(worker.props.Environment.Variables.SANDBOX_CLOCK_QUEUE_URL)).toContain('sandbox-clock-steps.fifo');
    const senders = s.resources
      .filter((r) => r.type === 'AWS::IAM::Role')
      .filter((r) =>
        (r.props.Policies ?? []).some((p: any) =>
          p.PolicyDocument.Statement.some(
            (st: any) => [st.Action].flat().includes('sqs:SendMessage') && JSON.stringify(st.Resource).includes('sandbox-clock-steps'),
          ),
        ),
      )
      .map((r) => r.id.replace(/Role.*$/, ''));
    // On-call moves a DLQ's steps back to the queue (docs/runbooks/sandbox-clock-step-dlq.md), and
    // SQS's move task sends with the caller's own grant (infra/aws/access/on-call-role.ts).
    expect(senders.sort()).toEqual([
      'OnCall',
      'SandboxClockStep',
      'advanceSandboxClock',
      'dashboardAdvanceSandboxClock',
      'dashboardApiAdvanceSandboxClock',
    ]);
  });

  it('alarms on-call when a step lands in the DLQ, with its runbook', () => {
    const alarm = s.resources.find((r) => r.type === 'AWS::CloudWatch::Alarm' && r.props.AlarmName === `${prefix}-sandbox-clock-step-dlq`)!;
    const watched = JSON.stringify(alarm.props);
    expect(watched).toContain('ApproximateNumberOfMessagesVisible');
    expect(watched).toContain(`${prefix}-sandbox-clock-steps-dlq.fifo`);
    expect(alarm.props).toMatchObject({ Threshold: 0, ComparisonOperator: 'GreaterThanThreshold' });
    expect(alarm.props.AlarmDescription).toMatch(/docs\/runbooks\/sandbox-clock-step-dlq\.md$/);
  });

  it('alarms when steps wait and the worker is never invoked for 15 minutes (its mapping stopped), with its runbook', () => {
    const alarm = s.resources.find(
      (r) => r.type === 'AWS::CloudWatch::Alarm' && r.props.AlarmName === `${prefix}-sandbox-clock-step-dlq-silent`,
    )!;
    const metrics: any[] = alarm.props.Metrics;
    expect(metrics.find((m) => m.Expression)?.Expression).toBe('IF(FILL(waiting, 0) > 0 AND FILL(invocations, 0) == 0, 1, 0)');
    expect(metrics.find((m) => m.Id === 'waiting').MetricStat.Metric).toMatchObject({
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: `${prefix}-sandbox-clock-steps.fifo` }],
    });
    expect(metrics.find((m) => m.Id === 'invocations').MetricStat.Metric).toMatchObject({
      MetricName: 'Invocations',
      Dimensions: [{ Name: 'FunctionName', Value: worker.props.FunctionName }],
    });
    expect(alarm.props).toMatchObject({ Threshold: 1, EvaluationPeriods: 3, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
    expect(alarm.props.AlarmDescription).toMatch(/docs\/runbooks\/sandbox-clock-step-dlq\.md$/);
  });
});
