import { DeleteMessageCommand, ReceiveMessageCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { OPERATOR_ACTIONS } from '../../lib/operator/actions';
import { parseCliArgs } from '../../lib/operator/cli-args';
import type { Target } from '../../lib/operator/target';
import { resetSqsClient } from '../../lib/webhooks/queue/delivery-queue';

/**
 * `npm run ops -- dlq`, `dlq-redrive` and `dlq-delete` against the SDK's SQS client, answered by
 * aws-sdk-client-mock (a deployed stage's DLQs cannot run here). Each run is audited by runOps
 * (lib/operator/run-ops.ts) like every other act; these tests hold what the actions do to the queues.
 */
const sqs = mockClient(SQSClient);
const LANE0 = 'https://sqs.us-east-1.amazonaws.com/123456789012/papi-prod-webhook-deliveries.fifo';
const LANE1 = 'https://sqs.us-east-1.amazonaws.com/123456789012/papi-prod-webhook-deliveries-1.fifo';
const DLQ0 = LANE0.replace('.fifo', '-dlq.fifo');
const DLQ1 = LANE1.replace('.fifo', '-dlq.fifo');
const target = { stage: 'prod', table: 't', region: 'us-east-1', description: 'stage prod' } as Target;

const message = (n: number) => ({
  MessageId: `m-${n}`,
  ReceiptHandle: `r-${n}`,
  Body: JSON.stringify({ kind: 'event', partner_id: 'ptr_a', mode: 'live', endpoint_id: `we_${n % 3}`, event_id: `evt_${n}`, seq: n }),
});

async function run(argv: string[]) {
  const args = parseCliArgs(argv);
  const action = OPERATOR_ACTIONS.find((a) => a.name === args.action)!;
  return action.run({
    scope: { partnerId: '', mode: 'live' },
    target,
    args,
    positional: (i) => args.positional[i],
  });
}

beforeEach(() => {
  sqs.reset();
  resetSqsClient();
  process.env.WEBHOOK_QUEUE_URLS = `${LANE0},${LANE1}`;
  // Shard 0's DLQ holds 13 (two pages), shard 1's one; a receive of a held page gives the next.
  sqs
    .on(ReceiveMessageCommand, { QueueUrl: DLQ0 })
    .resolvesOnce({ Messages: Array.from({ length: 10 }, (_, i) => message(i)) })
    .resolvesOnce({ Messages: [10, 11, 12].map(message) })
    .resolves({ Messages: [] });
  sqs
    .on(ReceiveMessageCommand, { QueueUrl: DLQ1 })
    .resolvesOnce({ Messages: [message(20)] })
    .resolves({});
  sqs.on(SendMessageCommand).resolves({ MessageId: 'new-1' });
  sqs.on(DeleteMessageCommand).resolves({});
});

afterAll(() => {
  delete process.env.WEBHOOK_QUEUE_URLS;
});

describe('npm run ops -- dlq', () => {
  it('lists every message of every lane DLQ, page after page, holding each page so the next receive gives the rest', async () => {
    const listed = (await run(['dlq'])) as { message_id: string; dlq: string; endpoint_id: string }[];
    expect(listed.map((m) => m.message_id)).toEqual([...Array.from({ length: 13 }, (_, i) => `m-${i}`), 'm-20']);
    expect(listed[0]).toMatchObject({ dlq: DLQ0, endpoint_id: 'we_0', event_id: 'evt_0', partner_id: 'ptr_a' });
    expect(JSON.stringify(listed)).not.toContain('r-0'); // no receipt handle shown
    for (const call of sqs.commandCalls(ReceiveMessageCommand)) expect(call.args[0].input.VisibilityTimeout).toBeGreaterThan(0);
    expect(sqs.commandCalls(DeleteMessageCommand)).toHaveLength(0);
  });

  it('redrives one message by its id: back to its own lane, in its endpoint’s group, then deleted from the DLQ', async () => {
    const out = await run(['dlq-redrive', 'm-11']);
    expect(out).toMatchObject({ redriven: 'm-11', to: LANE0, endpoint_id: 'we_2', event_id: 'evt_11' });
    const [sent] = sqs.commandCalls(SendMessageCommand).map((c) => c.args[0].input);
    expect(sent).toMatchObject({ QueueUrl: LANE0, MessageGroupId: 'we_2', MessageBody: message(11).Body });
    expect(sqs.commandCalls(DeleteMessageCommand).map((c) => c.args[0].input)).toEqual([{ QueueUrl: DLQ0, ReceiptHandle: 'r-11' }]);
  });

  it('deletes one message by its id, and only it; refuses an id that is in no DLQ', async () => {
    expect(await run(['dlq-delete', 'm-20'])).toMatchObject({ deleted: 'm-20', from: DLQ1 });
    expect(sqs.commandCalls(DeleteMessageCommand).map((c) => c.args[0].input)).toEqual([{ QueueUrl: DLQ1, ReceiptHandle: 'r-20' }]);
    expect(sqs.commandCalls(SendMessageCommand)).toHaveLength(0);
    sqs.resetHistory();
    await expect(run(['dlq-delete', 'm-404'])).rejects.toThrow(/No message m-404 in the lane DLQs/);
    expect(sqs.commandCalls(DeleteMessageCommand)).toHaveLength(0);
  });

  it('asks for confirmation before a redrive or a delete (they change a deployed stage), not before a listing', () => {
    const byName = (n: string) => OPERATOR_ACTIONS.find((a) => a.name === n)!;
    expect(byName('dlq').readOnly).toBe(true);
    expect(byName('dlq-redrive').readOnly).toBeFalsy();
    expect(byName('dlq-delete').readOnly).toBeFalsy();
  });
});
