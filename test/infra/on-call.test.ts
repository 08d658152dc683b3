import { existsSync, readFileSync } from 'node:fs';
import { PROD_FULL, synthStage } from './support/synth';

describe('the on-call view of a stage', () => {
  const s = synthStage('prod', PROD_FULL);
  const dashboards = s.resources.filter((r) => r.type === 'AWS::CloudWatch::Dashboard');
  const body = JSON.stringify(dashboards[0]?.props.DashboardBody);
  const alarms = s.resources.filter((r) => r.type === 'AWS::CloudWatch::Alarm');

  it('has one dashboard per stage', () => {
    expect(dashboards).toHaveLength(1);
    expect(dashboards[0].props.DashboardName).toBe('papi-prod-on-call');
  });

  it('shows every function of the stage on the dashboard', () => {
    const names = s.resources.filter((r) => r.type === 'AWS::Lambda::Function').map((r) => r.props.FunctionName as string);
    expect(names.length).toBeGreaterThan(4);
    for (const name of names) expect({ name, shown: body.includes(`\\"${name}\\"`) }).toEqual({ name, shown: true });
  });

  it('graphs each route’s requests, 4xx, 5xx and p99 latency, the table, the stream, the queues and the webhook metrics', () => {
    for (const needle of [
      '4XXError',
      '5XXError',
      '\\"p99\\"',
      'ReadThrottleEvents',
      'SuccessfulRequestLatency',
      'IteratorAge',
      'ApproximateAgeOfOldestMessage',
      'ApproximateNumberOfMessagesNotVisible',
      'DeliveryAttempts',
      'DeliveryFailures',
      'FailureClass',
      'DeliveriesGivenUp',
      'EndpointsDisabled',
      'EventToAcknowledgeLatency',
      'ConcurrentExecutions',
      'Throttles',
    ]) {
      expect({ needle, shown: body.includes(needle) }).toEqual({ needle, shown: true });
    }
  });

  it('links every alarm to a runbook that exists in docs/runbooks/', () => {
    expect(alarms.length).toBeGreaterThanOrEqual(10);
    for (const alarm of alarms) {
      const url = /Runbook: (\S+\.md)$/.exec(alarm.props.AlarmDescription)?.[1];
      // Clickable: under the stage's runbookBaseUrl (production requires one).
      expect({ alarm: alarm.props.AlarmName, url }).toEqual({
        alarm: alarm.props.AlarmName,
        url: expect.stringMatching(/^https:\/\/github\.com\/example\/partner-api\/blob\/main\/docs\/runbooks\/[a-z0-9-]+\.md$/),
      });
      const link = url!.replace(/^https:\/\/[^ ]+?\/blob\/main\//, '');
      expect({ link, exists: existsSync(link!) }).toEqual({ link, exists: true });
    }
  });

  it('has runbooks that say what it means, how to look, and what to do', () => {
    const links = new Set(alarms.map((a) => /Runbook: \S+?(docs\/runbooks\/\S+\.md)$/.exec(a.props.AlarmDescription)![1]));
    for (const link of links) {
      const text = readFileSync(link, 'utf8');
      for (const heading of ['## What it means', '## How to look', '## What to do'])
        expect({ link, heading, has: text.includes(heading) }).toEqual({ link, heading, has: true });
    }
  });

  it('sends every alarm (and its recovery) to the stage’s alarm topic', () => {
    for (const alarm of alarms) {
      expect(alarm.props.AlarmActions).toHaveLength(1);
      expect(alarm.props.OKActions).toHaveLength(1);
    }
  });

  it('subscribes an on-call address when one is given', () => {
    expect(s.resources.some((r) => r.type === 'AWS::SNS::Subscription' && r.props.Endpoint === 'oncall@example.com')).toBe(true);
  });
});
