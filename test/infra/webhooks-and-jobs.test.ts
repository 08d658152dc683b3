import { existsSync } from 'node:fs';
import { EVENT_ENTITY } from '../../lib/store/table-definition';
import { FANOUT_ENTRY, SIGNER_ENTRY } from '../../infra/aws/partner-api-stack';
import { DELIVERY_TIMEOUT, laneShardQueueNames, MAX_LANE_SHARDS, WebhookPipeline } from '../../infra/aws/constructs/webhook-pipeline';
import { resolveStage, STAGES } from '../../infra/aws/stages';
import { jobFiles } from '../../infra/aws/job-schedules';
import { scheduleOf } from '../../infra/aws/job-schedules';
import { FIXTURE_ENTRIES, functionInvokedBy, liveAliasOf, namesAlias, PROD_FULL, synthStage, type Synthesized } from './support/synth';

function checkPipeline(s: Synthesized) {
  const fn = (name: string) => s.resources.find((r) => r.type === 'AWS::Lambda::Function' && r.props.FunctionName === name)!;
  const mappings = s.resources.filter((r) => r.type === 'AWS::Lambda::EventSourceMapping');
  const fanout = fn('papi-preview-webhook-fanout');
  const signer = fn('papi-preview-webhook-signer');
  const queues = s.resources.filter((r) => r.type === 'AWS::SQS::Queue');
  const deliveries = queues.find((q) => q.props.QueueName === 'papi-preview-webhook-deliveries.fifo')!;
  const dlq = queues.find((q) => q.props.QueueName === 'papi-preview-webhook-deliveries-dlq.fifo')!;
  const mappingOf = (f: typeof fanout) => mappings.find((m) => namesAlias(m.props.FunctionName, liveAliasOf(s, f)))!;
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
      // Inserted event items that no fan-out handled before (an item put back from a restore carries fanned_out_at).
      expect(pattern).toEqual({
        eventName: ['INSERT'],
        dynamodb: { NewImage: { entity: { S: [EVENT_ENTITY] }, fanned_out_at: [{ exists: false }] } },
      });
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

describe('the sharded delivery lanes', () => {
  // The handlers on this branch, in the syntheses the other files of this tier share.
  const lanesOf = (stage: string) => {
    const s = stage === 'prod' ? synthStage('prod', PROD_FULL) : synthStage(stage);
    // The webhook pipeline's queues (the jobs' on-failure queue and the pager's DLQ are on-call.test.ts's, the mail queue below).
    const queues = s.resources.filter(
      (r) => r.type === 'AWS::SQS::Queue' && !/-job-failures$|-alarms-dlq$|-mail(-dlq)?\.fifo$/.test(r.props.QueueName),
    );
    const signer = s.resources.find(
      (r) => r.type === 'AWS::Lambda::Function' && r.props.FunctionName === `${STAGES[stage].prefix}-webhook-signer`,
    )!;
    const mappings = s.resources.filter(
      (r) => r.type === 'AWS::Lambda::EventSourceMapping' && namesAlias(r.props.FunctionName, liveAliasOf(s, signer)),
    );
    const lanes = Array.from({ length: STAGES[stage].shards.lanes }, (_, i) => {
      const names = laneShardQueueNames(STAGES[stage].prefix, i);
      const queue = queues.find((q) => q.props.QueueName === names.queueName)!;
      const dlq = queues.find((q) => q.props.QueueName === names.dlqName)!;
      return { names, queue, dlq, mapping: mappings.find((m) => JSON.stringify(m.props.EventSourceArn).includes(queue?.id))! };
    });
    return { s, queues, signer, mappings, lanes };
  };

  it.each(['sandbox-preview', 'prod'])(
    '%s: one FIFO queue in high-throughput mode per lane shard, each with its own DLQ and its own signer mapping',
    (stage) => {
      const { lanes, mappings, queues } = lanesOf(stage);
      expect(STAGES[stage].shards.lanes).toBeGreaterThanOrEqual(2);
      expect(mappings).toHaveLength(STAGES[stage].shards.lanes);
      // Lane queues, their DLQs and the fan-out DLQ: nothing else (the sandbox clock's steps queue is its own: test/infra/sandbox-clock.test.ts).
      expect(queues.filter((q) => !String(q.props.QueueName).includes('sandbox-clock-steps'))).toHaveLength(
        2 * STAGES[stage].shards.lanes + 1,
      );
      const dlqIds = new Set<string>();
      const mappingIds = new Set<string>();
      for (const { queue, dlq, mapping } of lanes) {
        expect(queue.props).toMatchObject({
          FifoQueue: true,
          DeduplicationScope: 'messageGroup',
          FifoThroughputLimit: 'perMessageGroupId',
          DelaySeconds: 2,
        });
        expect(dlq.props.FifoQueue).toBe(true);
        expect(JSON.stringify(queue.props.RedrivePolicy.deadLetterTargetArn)).toContain(dlq.id);
        dlqIds.add(dlq.id);
        expect(mapping.props).toMatchObject({
          FunctionResponseTypes: ['ReportBatchItemFailures'],
          ScalingConfig: { MaximumConcurrency: STAGES[stage].signerConcurrency },
        });
        mappingIds.add(mapping.id);
      }
      expect(dlqIds.size).toBe(lanes.length);
      expect(mappingIds.size).toBe(lanes.length);
    },
  );

  it('keeps shard 0 the queue it was before sharding: its name and logical id, so a deployed queue is never replaced', () => {
    const { lanes } = lanesOf('prod');
    expect(lanes[0].names).toEqual({ queueName: 'papi-prod-webhook-deliveries.fifo', dlqName: 'papi-prod-webhook-deliveries-dlq.fifo' });
    expect(lanes[0].queue.id).toMatch(/^WebhooksDeliveries[0-9A-F]{8}$/);
    expect(lanes[0].dlq.id).toMatch(/^WebhooksDeliveryDlq[0-9A-F]{8}$/);
    expect(lanes.slice(1).map((l) => l.names.queueName)).toEqual([
      'papi-prod-webhook-deliveries-1.fifo',
      'papi-prod-webhook-deliveries-2.fifo',
      'papi-prod-webhook-deliveries-3.fifo',
    ]);
  });

  it('tells every function the lane queues in shard order, and lets the signer change messages of every lane', () => {
    const { s, lanes, signer } = lanesOf('prod');
    const urls = JSON.stringify(signer.props.Environment.Variables.WEBHOOK_QUEUE_URLS);
    const at = lanes.map((l) => urls.indexOf(`/${l.names.queueName}`));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(signer.props.Environment.Variables.WEBHOOK_QUEUE_URL).toBeUndefined();
    // Its role: the code's own grants (ChangeMessageVisibility by ARN) and the mappings' (ReceiveMessage by reference).
    const roleId = signer.props.Role['Fn::GetAtt'][0];
    const role = s.resources.find((r) => r.id === roleId)!;
    const policies = s.resources.filter((r) => r.type === 'AWS::IAM::Policy' && JSON.stringify(r.props.Roles).includes(roleId));
    const rights = JSON.stringify([role.props, ...policies.map((p) => p.props)]);
    for (const l of lanes) {
      expect(rights).toContain(`:${l.names.queueName}`);
      expect(rights).toContain(l.queue.id);
    }
  });

  it('alarms on each lane shard’s backlog and DLQ (shard 0 under the names of before)', () => {
    const { s } = lanesOf('prod');
    const alarms = s.resources.filter((r) => r.type === 'AWS::CloudWatch::Alarm').map((r) => r.props.AlarmName as string);
    expect(alarms.filter((n) => /webhook-(queue-backlog|delivery-dlq)/.test(n)).sort()).toEqual(
      ['papi-prod-webhook-delivery-dlq', 'papi-prod-webhook-queue-backlog']
        .flatMap((n) => [n, `${n}-lane-1`, `${n}-lane-2`, `${n}-lane-3`])
        .sort(),
    );
  });

  it('refuses a shard count that is not a whole number from 1 to the most', () => {
    const { App, Stack } = require('aws-cdk-lib') as typeof import('aws-cdk-lib');
    for (const laneShards of [0, 1.5, MAX_LANE_SHARDS + 1]) {
      const stack = new Stack(new App(), 'S');
      expect(
        () => new WebhookPipeline(stack, 'W', { settings: resolveStage('sandbox-preview', { shards: { lanes: laneShards } }) }),
      ).toThrow(/laneShards must be a whole number/);
    }
  });
});

describe('the table stream and the mail queue', () => {
  // The handlers on this branch, in the syntheses the other files of this tier share.
  const stages = [
    ['sandbox-preview', synthStage('sandbox-preview')],
    ['prod', synthStage('prod', PROD_FULL)],
  ] as const;

  it.each(stages)(
    '%s: at most two readers of the table stream (DynamoDB Streams throttles a third), the fan-out and the backstop',
    (stage, s) => {
      const prefix = STAGES[stage].prefix;
      const fnId = (name: string) =>
        s.resources.find((r) => r.type === 'AWS::Lambda::Function' && r.props.FunctionName === `${prefix}-${name}`)!.id;
      const streamReaders = s.resources.filter((r) => r.type === 'AWS::Lambda::EventSourceMapping' && r.props.StartingPosition);
      const perStream = new Map<string, string[]>();
      for (const m of streamReaders) {
        const stream = JSON.stringify(m.props.EventSourceArn);
        perStream.set(stream, [...(perStream.get(stream) ?? []), functionInvokedBy(s, m.props.FunctionName)!]);
      }
      expect([...perStream.values()].map((readers) => readers.sort())).toEqual([
        [fnId('webhook-fanout'), fnId('event-sequencer-backstop')].sort(),
      ]);
    },
  );

  it.each(stages)('%s: the mail sender reads a FIFO queue of its own, which fails into its own DLQ, paged by its own alarm', (stage, s) => {
    const prefix = STAGES[stage].prefix;
    const queues = s.resources.filter((r) => r.type === 'AWS::SQS::Queue');
    const mail = queues.find((q) => q.props.QueueName === `${prefix}-mail.fifo`)!;
    const dlq = queues.find((q) => q.props.QueueName === `${prefix}-mail-dlq.fifo`)!;
    expect(mail.props.FifoQueue).toBe(true);
    expect(JSON.stringify(mail.props.RedrivePolicy.deadLetterTargetArn)).toContain(dlq.id);
    expect(mail.props.RedrivePolicy.maxReceiveCount).toBeLessThanOrEqual(5);
    const sender = s.resources.find((r) => r.type === 'AWS::Lambda::Function' && r.props.FunctionName === `${prefix}-mail-sender`)!;
    const mapping = s.resources.find(
      (r) => r.type === 'AWS::Lambda::EventSourceMapping' && functionInvokedBy(s, r.props.FunctionName) === sender.id,
    )!;
    expect(JSON.stringify(mapping.props.EventSourceArn)).toContain(mail.id);
    expect(mapping.props.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    const alarm = s.resources.find((r) => r.type === 'AWS::CloudWatch::Alarm' && r.props.AlarmName === `${prefix}-mail-sender-dlq`)!;
    expect(JSON.stringify(alarm.props)).toContain(`"QueueName","Value":"${prefix}-mail-dlq.fifo"`);
    expect(alarm.props.AlarmDescription).toContain('docs/runbooks/mail-sender-dlq.md');
    expect(existsSync('docs/runbooks/mail-sender-dlq.md')).toBe(true);
  });
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

describe('a handler file that is missing', () => {
  it('fails the synthesis, naming the file, instead of leaving its part out of the stack', () => {
    expect(() =>
      synthStage('sandbox-preview', {
        entries: { fanout: 'functions/webhooks/gone.ts', signer: SIGNER_ENTRY, jobs: FIXTURE_ENTRIES.jobs },
      }),
    ).toThrow(/functions\/webhooks\/gone\.ts/);
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
    const jobs = jobFiles('functions/jobs');
    const s = synthStage('sandbox-preview');
    const names = s.resources.filter((r) => r.type === 'AWS::Scheduler::Schedule').map((r) => r.props.Name);
    expect(names).toEqual(jobs.map((j) => `papi-preview-${j.replace(/^.*\//, '').replace(/\.ts$/, '')}`));
  });

  it('reads each job’s schedule from its file, and stops the synth when a job has none', () => {
    expect(scheduleOf(FIXTURE_ENTRIES.jobs[0])).toMatchObject({ name: 'quote-expiry', expression: 'rate(15 minutes)' });
    expect(() => scheduleOf('test/infra/fixtures/fanout.ts')).toThrow(/has no schedule/);
  });
});
