import { ChangeMessageVisibilityBatchCommand, SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { MAX_RECEIVES, RENEW_AT_RECEIVE, UNEXPECTED_FAILURE_WAITS_SECONDS } from '../../lib/webhooks/lane/poison';
import { mockClient } from 'aws-sdk-client-mock';
import { newSqsClient } from '../../lib/aws/sqs';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { processDeliveryBatch } from '../../lib/webhooks/lane/process-delivery-batch';
import { deliverLaneMessage } from '../../lib/webhooks/lane/deliver-lane-message';

jest.mock('../../lib/webhooks/lane/deliver-lane-message', () => ({ deliverLaneMessage: jest.fn() }));
const deliver = deliverLaneMessage as jest.MockedFunction<typeof deliverLaneMessage>;

const QUEUE = 'https://sqs.us-east-1.amazonaws.com/123456789012/webhook-deliveries.fifo';
const sqsMock = mockClient(SQSClient);

function record(id: string, group: string): SQSRecord {
  return {
    messageId: id,
    receiptHandle: `rh-${id}`,
    body: JSON.stringify({
      kind: 'event',
      partner_id: 'ptr_x',
      mode: 'test',
      endpoint_id: group,
      event_id: `evt_${id}`,
      seq: 1,
      created_at: '2026-11-22T00:00:00.000Z',
    }),
    attributes: {
      ApproximateReceiveCount: '1',
      SentTimestamp: '0',
      SenderId: 'x',
      ApproximateFirstReceiveTimestamp: '0',
      MessageGroupId: group,
      MessageDeduplicationId: id,
    },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:us-east-1:123456789012:webhook-deliveries.fifo',
    awsRegion: 'us-east-1',
  };
}

const batch = (...records: SQSRecord[]): SQSEvent => ({ Records: records });
const outcomes = (byEvent: Record<string, Awaited<ReturnType<typeof deliverLaneMessage>> | Error>) =>
  deliver.mockImplementation(async (message) => {
    const outcome = byEvent[message.event_id] ?? { kind: 'done' };
    if (outcome instanceof Error) throw outcome;
    return outcome;
  });

beforeEach(() => {
  sqsMock.reset();
  deliver.mockReset();
  delete process.env.WEBHOOK_RETRY_DELAYS;
});

describe('the signer batch on FIFO SQS', () => {
  it("sets the failed message's visibility to the backoff and fails it and every later message of its group", async () => {
    outcomes({ evt_a1: { kind: 'retry', afterSeconds: 300, counted: true } });
    const event = batch(record('a1', 'we_A'), record('b1', 'we_B'), record('a2', 'we_A'), record('b2', 'we_B'), record('a3', 'we_A'));

    const response = await processDeliveryBatch(event, undefined, newSqsClient(), QUEUE);

    expect(response.batchItemFailures.map((f) => f.itemIdentifier)).toEqual(['a1', 'a2', 'a3']);
    const calls = sqsMock.commandCalls(ChangeMessageVisibilityBatchCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0].args[0].input).toEqual({
      QueueUrl: QUEUE,
      Entries: [
        { Id: '0', ReceiptHandle: 'rh-a1', VisibilityTimeout: 300 },
        { Id: '1', ReceiptHandle: 'rh-a2', VisibilityTimeout: 300 },
        { Id: '2', ReceiptHandle: 'rh-a3', VisibilityTimeout: 300 },
      ],
    });
    // The later messages of the failed group are not attempted at all; the other group goes on.
    expect(deliver.mock.calls.map(([m]) => m.event_id)).toEqual(['evt_a1', 'evt_b1', 'evt_b2']);
  });

  it('other groups are unaffected: a batch where nothing fails changes no visibility', async () => {
    outcomes({});
    const response = await processDeliveryBatch(batch(record('a1', 'we_A'), record('b1', 'we_B')), undefined, newSqsClient(), QUEUE);
    expect(response.batchItemFailures).toEqual([]);
    expect(sqsMock.commandCalls(ChangeMessageVisibilityBatchCommand)).toHaveLength(0);
  });

  it('each failed group waits for its own head: two groups, two backoffs', async () => {
    outcomes({ evt_a1: { kind: 'retry', afterSeconds: 5, counted: true }, evt_b1: { kind: 'retry', afterSeconds: 1800, counted: true } });
    const response = await processDeliveryBatch(
      batch(record('a1', 'we_A'), record('b1', 'we_B'), record('b2', 'we_B')),
      undefined,
      newSqsClient(),
      QUEUE,
    );
    expect(response.batchItemFailures.map((f) => f.itemIdentifier)).toEqual(['a1', 'b1', 'b2']);
    expect(sqsMock.commandCalls(ChangeMessageVisibilityBatchCommand)[0].args[0].input.Entries).toEqual([
      { Id: '0', ReceiptHandle: 'rh-a1', VisibilityTimeout: 5 },
      { Id: '1', ReceiptHandle: 'rh-b1', VisibilityTimeout: 1800 },
      { Id: '2', ReceiptHandle: 'rh-b2', VisibilityTimeout: 1800 },
    ]);
  });

  it("caps a wait longer than SQS's 12 h visibility limit (the rest is re-extended on receipt)", async () => {
    outcomes({ evt_a1: { kind: 'retry', afterSeconds: 20 * 3600, counted: true } });
    await processDeliveryBatch(batch(record('a1', 'we_A')), undefined, newSqsClient(), QUEUE);
    expect(sqsMock.commandCalls(ChangeMessageVisibilityBatchCommand)[0].args[0].input.Entries).toEqual([
      { Id: '0', ReceiptHandle: 'rh-a1', VisibilityTimeout: 12 * 3600 },
    ]);
  });

  it('an unexpected error leaves the message and its group for a minute without deleting anything', async () => {
    outcomes({ evt_a1: new Error('DynamoDB is down') });
    const response = await processDeliveryBatch(batch(record('a1', 'we_A'), record('a2', 'we_A')), undefined, newSqsClient(), QUEUE);
    expect(response.batchItemFailures.map((f) => f.itemIdentifier)).toEqual(['a1', 'a2']);
    expect(sqsMock.commandCalls(ChangeMessageVisibilityBatchCommand)[0].args[0].input.Entries!.map((e) => e.VisibilityTimeout)).toEqual([
      60, 60,
    ]);
  });

  it('a message that fails unexpectedly every time reaches the DLQ within the hour: its waits grow with its receipts and sum under an hour', async () => {
    const waits: number[] = [];
    for (let receipt = 1; receipt <= MAX_RECEIVES; receipt++) {
      sqsMock.reset();
      outcomes({ evt_p: new Error('poison') });
      const poisoned = {
        ...record('p', 'we_P'),
        attributes: { ...record('p', 'we_P').attributes, ApproximateReceiveCount: String(receipt) },
      };
      const response = await processDeliveryBatch(batch(poisoned), undefined, newSqsClient(), QUEUE);
      // Never renewed: it stays itself, so SQS counts every receipt and moves it after MAX_RECEIVES.
      expect(response.batchItemFailures.map((f) => f.itemIdentifier)).toEqual(['p']);
      expect(sqsMock.commandCalls(SendMessageBatchCommand)).toHaveLength(0);
      waits.push(sqsMock.commandCalls(ChangeMessageVisibilityBatchCommand)[0].args[0].input.Entries![0].VisibilityTimeout!);
    }
    expect(waits).toEqual([...UNEXPECTED_FAILURE_WAITS_SECONDS]);
    expect(waits.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(3600);
  });

  it('renews a message it keeps waiting on purpose before its receipts run out: a copy in its group, the old one deleted', async () => {
    outcomes({ evt_a1: { kind: 'retry', afterSeconds: 7200, counted: true } });
    const at = (id: string, receipts: number) => ({
      ...record(id, 'we_A'),
      attributes: { ...record(id, 'we_A').attributes, ApproximateReceiveCount: String(receipts) },
    });
    const resend = {
      ...at('a2', RENEW_AT_RECEIVE),
      body: JSON.stringify({ ...JSON.parse(record('a2', 'we_A').body), kind: 'resend' }),
    };
    sqsMock.on(SendMessageBatchCommand).resolves({
      Successful: [
        { Id: '0', MessageId: 'n0', MD5OfMessageBody: '' },
        { Id: '1', MessageId: 'n1', MD5OfMessageBody: '' },
      ],
      Failed: [],
    });
    const response = await processDeliveryBatch(batch(at('a1', RENEW_AT_RECEIVE), resend, at('a3', 2)), undefined, newSqsClient(), QUEUE);
    // The two at their last receipts are renewed (answered done, so Lambda deletes them); the third waits as before.
    expect(response.batchItemFailures.map((f) => f.itemIdentifier)).toEqual(['a3']);
    const sent = sqsMock.commandCalls(SendMessageBatchCommand)[0].args[0].input.Entries!;
    expect(sent.map((e) => [e.MessageGroupId, e.MessageDeduplicationId])).toEqual([
      ['we_A', 'renew:a1'],
      ['we_A', 'renew:a2'],
    ]);
    // A resend keeps the id its retry state is recorded under.
    expect(JSON.parse(sent[1].MessageBody!)).toMatchObject({ kind: 'resend', resend_id: 'a2', event_id: 'evt_a2' });
    expect(sqsMock.commandCalls(ChangeMessageVisibilityBatchCommand)[0].args[0].input.Entries).toEqual([
      { Id: '0', ReceiptHandle: 'rh-a3', VisibilityTimeout: 7200 },
    ]);
  });

  it("handles a batch's groups side by side: a slow endpoint's message does not hold another endpoint's behind it", async () => {
    // A's delivery ends only once B's has begun: handled one after another, A first, the batch would never finish.
    let bStarted: () => void = () => undefined;
    const bHasStarted = new Promise<void>((resolve) => {
      bStarted = resolve;
    });
    deliver.mockImplementation(async (message) => {
      if (message.endpoint_id === 'we_A') await bHasStarted;
      else bStarted();
      return { kind: 'done' };
    });
    const response = await processDeliveryBatch(
      batch(record('a1', 'we_A'), record('a2', 'we_A'), record('b1', 'we_B')),
      undefined,
      newSqsClient(),
      QUEUE,
    );
    expect(response.batchItemFailures).toEqual([]);
    // Each group still in its own order.
    expect(deliver.mock.calls.map(([m]) => m.event_id).filter((id) => id.startsWith('evt_a'))).toEqual(['evt_a1', 'evt_a2']);
  });

  it('a body that is not a lane message is dropped (acknowledged), not retried forever', async () => {
    const poison = { ...record('p1', 'we_A'), body: 'not json' };
    const response = await processDeliveryBatch(batch(poison), undefined, newSqsClient(), QUEUE);
    expect(response.batchItemFailures).toEqual([]);
    expect(deliver).not.toHaveBeenCalled();
  });
});
