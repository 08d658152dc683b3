import { existsSync } from 'node:fs';
import { EVENT_ENTITY } from '../../lib/store/table-definition';
import { FANOUT_ENTRY, SIGNER_ENTRY } from '../../infra/aws/partner-api-stack';
import { DELIVERY_TIMEOUT } from '../../infra/aws/constructs/webhook-pipeline';
import { entriesIn } from '../../infra/aws/when-present';
import { scheduleOf } from '../../infra/aws/job-schedules';
import { FIXTURE_ENTRIES, synthStage, type Synthesized } from './support/synth';

function checkPipeline(s: Synthesized) {
  const fn = (name: string) => s.resources.find((r) => r.type === 'AWS::Lambda::Function' && r.props.FunctionName === name)!;
  const mappings = s.resources.filter((r) => r.type === 'AWS::Lambda::EventSourceMapping');
  const fanout = fn('papi-preview-webhook-fanout');
  const signer = fn('papi-preview-webhook-signer');
  const queues = s.resources.filter((r) => r.type === 'AWS::SQS::Queue');
  const deliveries = queues.find((q) => q.props.QueueName === 'papi-preview-webhook-deliveries.fifo')!;
  const dlq = queues.find((q) => q.props.QueueName === 'papi-preview-webhook-deliveries-dlq.fifo')!;
  const mappingOf = (f: typeof fanout) => mappings.find((m) => m.props.FunctionName.Ref === f.id)!;
  return { fanout, signer, deliveries, dlq, queues, fanoutMapping: mappingOf(fanout), signerMapping: mappingOf(signer) };
}

describe.each([
  ['the fixtures', FIXTURE_ENTRIES, true],
  ['the handlers on this branch', undefined, existsSync(FANOUT_ENTRY) && existsSync(SIGNER_ENTRY)],
] as const)('the webhook pipeline built from %s', (_label, entries, present) => {
  (present ? it : it.skip)(
    'filters the stream to inserted event items, bisects, retries a bounded number of times, then parks the batch in a DLQ',
    () => {
      const { fanoutMapping, queues } = checkPipeline(synthStage('sandbox-preview', { entries }));
      const pattern = JSON.parse(fanoutMapping.props.FilterCriteria.Filters[0].Pattern);
      expect(pattern).toEqual({ eventName: ['INSERT'], dynamodb: { NewImage: { entity: { S: [EVENT_ENTITY] } } } });
      expect(fanoutMapping.props.BisectBatchOnFunctionError).toBe(true);
      expect(fanoutMapping.props.MaximumRetryAttempts).toBeGreaterThan(0);
      expect(fanoutMapping.props.MaximumRetryAttempts).toBeLessThanOrEqual(10);
      const onFailure = JSON.stringify(fanoutMapping.props.DestinationConfig.OnFailure.Destination);
      const fanoutDlq = queues.find((q) => q.props.QueueName === 'papi-preview-webhook-fanout-dlq')!;
      expect(onFailure).toContain(fanoutDlq.id);
    },
  );

  (present ? it : it.skip)('queues deliveries FIFO with a 2 s delay and a DLQ', () => {
    const { deliveries, dlq } = checkPipeline(synthStage('sandbox-preview', { entries }));
    expect(deliveries.props.FifoQueue).toBe(true);
    expect(deliveries.props.DelaySeconds).toBe(2);
    expect(JSON.stringify(deliveries.props.RedrivePolicy.deadLetterTargetArn)).toContain(dlq.id);
    expect(dlq.props.FifoQueue).toBe(true);
  });

  (present ? it : it.skip)(
    'runs the signer with partial batch failures, bounded concurrency and a timeout above a full batch of deliveries',
    () => {
      const { signer, signerMapping } = checkPipeline(synthStage('sandbox-preview', { entries }));
      expect(signerMapping.props.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
      expect(signerMapping.props.ScalingConfig.MaximumConcurrency).toBeGreaterThanOrEqual(2);
      expect(signer.props.Timeout).toBeGreaterThan(DELIVERY_TIMEOUT.toSeconds() * signerMapping.props.BatchSize);
    },
  );
});

describe('parts that have not landed', () => {
  it('adds no pipeline function while its handlers are missing', () => {
    const s = synthStage('sandbox-preview', { entries: {} });
    expect(s.resources.filter((r) => r.type === 'AWS::Lambda::EventSourceMapping')).toEqual([]);
    expect(s.resources.filter((r) => r.type === 'AWS::Lambda::Function' && /webhook-(fanout|signer)$/.test(r.props.FunctionName))).toEqual(
      [],
    );
  });
});

describe('scheduled jobs', () => {
  it('schedules each job with EventBridge Scheduler, in the stage’s schedule group', () => {
    const s = synthStage('sandbox-preview', { entries: FIXTURE_ENTRIES });
    const schedules = s.resources.filter((r) => r.type === 'AWS::Scheduler::Schedule');
    expect(schedules).toHaveLength(1);
    expect(schedules[0].props).toMatchObject({
      Name: 'papi-preview-quote-expiry',
      ScheduleExpression: 'rate(15 minutes)',
      GroupName: expect.anything(),
    });
    expect(JSON.stringify(schedules[0].props.Target.Arn)).toContain('Jobquoteexpiry');
  });

  it('schedules every job file on this branch', () => {
    const jobs = entriesIn('functions/jobs');
    const s = synthStage('sandbox-preview');
    const names = s.resources.filter((r) => r.type === 'AWS::Scheduler::Schedule').map((r) => r.props.Name);
    expect(names).toEqual(jobs.map((j) => `papi-preview-${j.replace(/^.*\//, '').replace(/\.ts$/, '')}`));
  });

  it('reads each job’s schedule from its file, and stops the synth when a job has none', () => {
    expect(scheduleOf(FIXTURE_ENTRIES.jobs[0])).toMatchObject({ name: 'quote-expiry', expression: 'rate(15 minutes)' });
    expect(() => scheduleOf('test/infra/fixtures/fanout.ts')).toThrow(/has no schedule/);
  });
});
