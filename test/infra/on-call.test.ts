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
    expect(alarms.length).toBeGreaterThanOrEqual(30);
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

describe('being paged at 3 a.m.', () => {
  const s = synthStage('prod', PROD_FULL);
  const alarms = s.resources.filter((r) => r.type === 'AWS::CloudWatch::Alarm');
  const byName = (name: string) => alarms.find((a) => a.props.AlarmName === `papi-prod-${name}`);
  /** An alarm's settings as one text (a labelled metric sits in `Metrics[].MetricStat`, not at the top). */
  const alarmText = (name: string) => JSON.stringify(byName(name)?.props ?? 'no such alarm');
  const body = JSON.stringify(s.resources.find((r) => r.type === 'AWS::CloudWatch::Dashboard')!.props.DashboardBody);

  it('alarms on the sequencer’s backstop: its lag, its errors, and the age of pending events', () => {
    expect(alarmText('event-sequencer-backstop-iterator-age')).toMatch(/"MetricName":"IteratorAge".*"Threshold":60000/);
    expect(alarmText('event-sequencer-backstop-iterator-age')).toContain('"Value":"papi-prod-event-sequencer-backstop"');
    expect(alarmText('event-sequencer-backstop-errors')).toContain('"MetricName":"Errors"');
    expect(alarmText('event-sequencer-backstop-pending-age')).toMatch(/"MetricName":"PendingEventAge","Namespace":"PartnerApi"/);
  });

  it('alarms on each lane shard’s oldest message and in-flight count, against the FIFO limits', () => {
    for (const lane of ['', '-lane-1', '-lane-2', '-lane-3']) {
      expect(alarmText(`webhook-lane-limits-oldest${lane}`)).toContain('"MetricName":"ApproximateAgeOfOldestMessage"');
      expect(alarmText(`webhook-lane-limits-in-flight${lane}`)).toContain('"MetricName":"ApproximateNumberOfMessagesNotVisible"');
      expect(byName(`webhook-lane-limits-in-flight${lane}`)?.props.Threshold).toBe(100_000);
    }
  });

  it('alarms on each global secondary index’s throttles and on the gateway’s own 429s', () => {
    for (const index of ['gsi1', 'gsi2', 'gsi3', 'gsi4']) {
      const alarm = byName(`dynamodb-throttles-${index}`);
      expect(JSON.stringify(alarm?.props.Metrics)).toContain(`{"Name":"GlobalSecondaryIndexName","Value":"${index}"}`);
    }
    expect(alarmText('api-gateway-throttled')).toMatch(/"MetricName":"GatewayThrottled","Namespace":"PartnerApi"/);
    const filter = s.resources.find((r) => r.type === 'AWS::Logs::MetricFilter')!;
    expect(filter.props.FilterPattern).toContain('THROTTLED');
    expect(filter.props.MetricTransformations[0]).toMatchObject({ MetricName: 'GatewayThrottled', MetricNamespace: 'PartnerApi' });
  });

  it('probes the public API every five minutes with a key of its own, alarming on a failure and on silence', () => {
    const canary = s.resources.find((r) => r.type === 'AWS::Lambda::Function' && r.props.FunctionName === 'papi-prod-job-canary')!;
    expect(canary).toBeDefined();
    expect(JSON.stringify(canary.props.Environment.Variables.CANARY_KEY_SECRET)).toMatch(/Ref/);
    const schedule = s.resources.find((r) => r.type === 'AWS::Scheduler::Schedule' && r.props.Name === 'papi-prod-canary')!;
    expect(schedule.props.ScheduleExpression).toBe('rate(5 minutes)');
    expect(alarmText('canary-failed')).toMatch(/"ComparisonOperator":"LessThanThreshold".*"MetricName":"CanarySuccess"/);
    expect(alarmText('canary-silent')).toMatch(
      /"MetricName":"CanarySuccess".*"Stat":"SampleCount"|"MetricName":"CanarySuccess".*"Statistic":"SampleCount"/,
    );
    expect(byName('canary-silent')?.props.TreatMissingData).toBe('breaching');
    // A run without a key (a stage not live yet) counts as a run: the job is heard, and nothing fails.
    expect(alarmText('canary-silent')).toContain('"MetricName":"CanaryUnconfigured"');
    expect(alarmText('canary-failed')).not.toContain('CanaryUnconfigured');
  });

  it('hears every scheduled job and the signer’s mappings: silence breaches where it is the failure', () => {
    const jobs = s.resources
      .filter((r) => r.type === 'AWS::Scheduler::Schedule')
      .map((r) => String(r.props.Name).replace('papi-prod-', ''));
    expect(jobs.length).toBeGreaterThanOrEqual(4);
    for (const job of jobs.filter((j) => j !== 'canary')) {
      const alarm = byName(`job-failed-${job}-silent`);
      const text = JSON.stringify(alarm?.props ?? {});
      expect({
        job,
        missing: alarm?.props.TreatMissingData,
        heard: /"Invocations"/.test(text) && text.includes(`papi-prod-job-${job}`),
      }).toEqual({
        job,
        missing: 'breaching',
        heard: true,
      });
    }
    // A daily job is silent after two days of no run, an hourly one after two hours.
    expect(byName('job-failed-month-end-silent')?.props.EvaluationPeriods).toBe(2);
    expect(alarmText('job-failed-month-end-silent')).toContain('"Period":86400');
    expect(alarmText('job-failed-renewals-silent')).toContain('"Period":3600');
    const signer = alarmText('webhook-signer-errors-silent');
    expect(signer).toContain('"MetricName":"Invocations"');
    for (const lane of ['papi-prod-webhook-deliveries.fifo', 'papi-prod-webhook-deliveries-3.fifo']) expect(signer).toContain(lane);
  });

  it('hears the fan-out beside the backstop: pending events read while the fan-out is never invoked pages, for 15 minutes', () => {
    const alarm = byName('webhook-stream-lag-silent');
    const metrics: any[] = alarm?.props.Metrics ?? [];
    expect(metrics.find((m) => m.Expression)?.Expression).toBe('IF(FILL(backstop, 0) > 0 AND FILL(fanout, 0) == 0, 1, 0)');
    for (const [id, fn] of [
      ['backstop', 'event-sequencer-backstop'],
      ['fanout', 'webhook-fanout'],
    ])
      expect(metrics.find((m) => m.Id === id)?.MetricStat.Metric).toMatchObject({
        MetricName: 'Invocations',
        Dimensions: [{ Name: 'FunctionName', Value: `papi-prod-${fn}` }],
      });
    expect(alarm?.props).toMatchObject({ Threshold: 1, EvaluationPeriods: 3, DatapointsToAlarm: 3 });
    expect(alarm?.props.AlarmDescription).toContain('docs/runbooks/webhook-stream-lag.md');
    expect(readFileSync('docs/runbooks/webhook-stream-lag.md', 'utf8')).toContain('## When it is `$P-webhook-stream-lag-silent`');
  });

  it('pages on a share of 4xx answers across every endpoint, and on the pager failing, whose subscriptions keep a DLQ', () => {
    expect(alarmText('webhook-4xx-share')).toMatch(/DeliveryAnswered4xx.*DeliveryAttempts|DeliveryAttempts.*DeliveryAnswered4xx/);
    expect(alarmText('pager-failed')).toMatch(
      /"MetricName":"NumberOfNotificationsFailed","Namespace":"AWS\/SNS"|NumberOfNotificationsFailed/,
    );
    expect(alarmText('pager-failed')).toContain('papi-prod-alarms');
    const dlq = s.resources.find((r) => r.type === 'AWS::SQS::Queue' && r.props.QueueName === 'papi-prod-alarms-dlq')!;
    const subscriptions = s.resources.filter((r) => r.type === 'AWS::SNS::Subscription');
    expect(subscriptions.map((r) => r.props.Protocol).sort()).toEqual(['email', 'https']);
    for (const sub of subscriptions) expect(JSON.stringify(sub.props.RedrivePolicy)).toContain(dlq.id);
    expect(alarmText('email-bounce-rate-complaints')).toContain('Reputation.ComplaintRate');
  });

  it('gives every job an on-failure destination after Lambda’s own retries', () => {
    const jobs = s.resources.filter((r) => r.type === 'AWS::Lambda::Function' && /^papi-prod-job-/.test(r.props.FunctionName));
    const configs = s.resources.filter((r) => r.type === 'AWS::Lambda::EventInvokeConfig');
    const failures = s.resources.find((r) => r.type === 'AWS::SQS::Queue' && r.props.QueueName === 'papi-prod-job-failures')!;
    expect(jobs.length).toBeGreaterThanOrEqual(4);
    expect(configs).toHaveLength(jobs.length);
    for (const config of configs) {
      expect(config.props).toMatchObject({ MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 3600 });
      expect(JSON.stringify(config.props.DestinationConfig.OnFailure.Destination)).toContain(failures.id);
    }
    expect(byName('job-failed-exhausted')).toBeDefined();
  });

  it('pages a pager beside the e-mail', () => {
    expect(
      s.resources.some(
        (r) => r.type === 'AWS::SNS::Subscription' && r.props.Protocol === 'https' && /example-pager/.test(r.props.Endpoint),
      ),
    ).toBe(true);
  });

  it('puts the 3 a.m. graphs first, right under the alarms, and the per-route detail last', () => {
    const at = (title: string) => body.indexOf(title);
    const firstLook = [
      'API 5xx % of requests',
      'API latency p50, p99',
      'Deliveries waiting',
      'Dead-letter queues',
      'Event sequencer',
      'Canary',
    ];
    for (const title of firstLook)
      expect({ title, shown: at(title) > at('Alarms (open one for its runbook)') }).toEqual({ title, shown: true });
    const lastOfFirstLook = Math.max(...firstLook.map(at));
    for (const detail of ['Account concurrency', 'Table throttles', 'Webhook attempts', 'Partner routes: requests'])
      expect({ detail, below: at(detail) > lastOfFirstLook }).toEqual({ detail, below: true });
    expect(at('Partner routes: requests')).toBeGreaterThan(at('E-mail: sent, delivered, bounced'));
  });
});
