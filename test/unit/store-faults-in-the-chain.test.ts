import { mockStore } from '../support/aws-mock';
import { DeleteCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '../../lib/store/dynamodb';
import {
  ConditionalCheckFailedException,
  ProvisionedThroughputExceededException,
  TransactionCanceledException,
  TransactionConflictException,
} from '@aws-sdk/client-dynamodb';
import { apiOperation } from '../../lib/http/operation';
import { resetDbClient } from '../../lib/store/client';
import { keyedPost, lambdaContext, stubKeyAndPartner } from '../support/handler-chain';
import { isTransientStoreError } from '../../lib/store/transient';
import { WriteSet } from '../../lib/store/write-set';
import { commit } from '../../lib/event-log/commit';
import type { Context } from 'aws-lambda';

/**
 * DynamoDB refusing for a passing reason, as the faults proof (proof/faults-dynamodb.ts) injects it
 * end to end, here at the level of one handler: the answer is always the envelope, retryable, and an
 * Idempotency-Key is never released once its change is applied.
 */
const SECRET = 'svc_test_' + 'b'.repeat(32);
const ddb = mockStore();
const meta = { $metadata: {} };
const throttle = () =>
  new ProvisionedThroughputExceededException({
    message: 'The level of configured provisioned throughput for the table was exceeded.',
    ...meta,
  });
const writeConflict = () => new TransactionConflictException({ message: 'Transaction is ongoing for the item', ...meta });
/** The idempotency record's completion (lib/store/entities/idempotency-record.ts), as rendered. */
const COMPLETION = {
  UpdateExpression: 'SET #n0 = :v0, #n1 = :v1 REMOVE #n2',
  ExpressionAttributeNames: { '#n0': 'status', '#n1': 'response', '#n2': 'locked_until' },
};

const event = (headers: Record<string, string> = {}) => keyedPost(SECRET, null, headers);
const context = lambdaContext;

beforeEach(() => {
  resetDbClient();
  ddb.reset();
  stubKeyAndPartner(ddb, SECRET);
  ddb.on(PutCommand).resolves({});
  ddb.on(DeleteCommand).resolves({});
});

describe('DynamoDB faults inside the operation chain', () => {
  it.each([
    ['a throttle that outlived the SDK retries', throttle],
    ['a TransactionConflictException', writeConflict],
    [
      'a transaction cancelled by a TransactionConflict',
      () =>
        new TransactionCanceledException({
          message: 'cancelled',
          CancellationReasons: [{ Code: 'None' }, { Code: 'TransactionConflict' }],
          ...meta,
        }),
    ],
  ])('answers %s with api_error 500 and Retry-After', async (_what, fault) => {
    const op = apiOperation({ handle: async () => Promise.reject(fault()) });
    const res = await op(event(), context);
    expect(res.statusCode).toBe(500);
    expect(res.headers).toMatchObject({ 'Retry-After': '1' });
    expect(JSON.parse(res.body)).toMatchObject({ code: 'api_error', status: 500 });
  });

  it('answers an applied change even when its response cannot be stored, and keeps the key (no release)', async () => {
    ddb.on(UpdateCommand, COMPLETION).rejects(writeConflict());
    const op = apiOperation({ idempotent: true, handle: async () => ({ status: 201, body: { id: 'thing_1' } }) });
    const res = await op(event({ 'Idempotency-Key': 'k-applied' }), context);
    expect(res.statusCode).toBe(201);
    expect(JSON.parse(res.body)).toEqual({ id: 'thing_1' });
    expect(ddb.commandCalls(UpdateCommand, COMPLETION).length).toBeGreaterThan(1); // retried through the conflict
    expect(ddb.commandCalls(DeleteCommand)).toHaveLength(0);
  });

  it('stores the response through a passing conflict', async () => {
    ddb.on(UpdateCommand, COMPLETION).rejectsOnce(writeConflict()).resolves({});
    const op = apiOperation({ idempotent: true, handle: async () => ({ status: 201, body: { id: 'thing_2' } }) });
    const res = await op(event({ 'Idempotency-Key': 'k-stored' }), context);
    expect(res.statusCode).toBe(201);
    expect(ddb.commandCalls(UpdateCommand, COMPLETION)).toHaveLength(2);
  });

  it('answers the envelope of a failed request even when its key cannot be released', async () => {
    ddb.on(DeleteCommand).rejects(throttle());
    const op = apiOperation({ idempotent: true, handle: async () => Promise.reject(throttle()) });
    const res = await op(event({ 'Idempotency-Key': 'k-failed' }), context);
    expect(res.statusCode).toBe(500);
    expect(res.headers).toMatchObject({ 'Retry-After': '1' });
    expect(JSON.parse(res.body).code).toBe('api_error');
  });

  it('releases the key of a failed request through a passing conflict', async () => {
    ddb.on(DeleteCommand).rejectsOnce(writeConflict()).resolves({});
    const op = apiOperation({ idempotent: true, handle: async () => Promise.reject(writeConflict()) });
    await op(event({ 'Idempotency-Key': 'k-released' }), context);
    expect(ddb.commandCalls(DeleteCommand)).toHaveLength(2);
  });
});

describe('a write that contention keeps out until the deadline', () => {
  it('is refused with rate_limit 429 and Retry-After, never left to time out, and nothing is written', async () => {
    ddb
      .on(TransactWriteCommand)
      .rejects(new TransactionCanceledException({ message: 'cancelled', CancellationReasons: [{ Code: 'TransactionConflict' }], ...meta }));
    const op = apiOperation({
      handle: async ({ caller }) => {
        await commit(new WriteSet(caller.scope, 'table').put({ pk: 'THING#1', sk: 'X' }));
        return { status: 201, body: {} };
      },
    });
    // A Lambda with 3.3 s left keeps 3 s to answer: the write has 0.3 s.
    const res = await op(event(), { getRemainingTimeInMillis: () => 3_300 } as Context);
    expect(res.statusCode).toBe(429);
    expect(res.headers).toMatchObject({ 'Retry-After': '1' });
    expect(JSON.parse(res.body)).toMatchObject({ code: 'rate_limit', status: 429 });
    expect(ddb.commandCalls(TransactWriteCommand).length).toBeGreaterThan(1); // retried while there was time
  });
});

describe('isTransientStoreError', () => {
  it('takes throttles and conflicts for passing refusals', () => {
    expect(isTransientStoreError(throttle())).toBe(true);
    expect(isTransientStoreError(writeConflict())).toBe(true);
    expect(
      isTransientStoreError(
        new TransactionCanceledException({ message: 'x', CancellationReasons: [{ Code: 'ThrottlingError' }], ...meta }),
      ),
    ).toBe(true);
  });

  it('never takes a failed condition, or a cancellation that names one, for a passing refusal', () => {
    expect(isTransientStoreError(new ConditionalCheckFailedException({ message: 'x', ...meta }))).toBe(false);
    expect(
      isTransientStoreError(
        new TransactionCanceledException({
          message: 'x',
          CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'TransactionConflict' }],
          ...meta,
        }),
      ),
    ).toBe(false);
    expect(
      isTransientStoreError(new TransactionCanceledException({ message: 'x', CancellationReasons: [{ Code: 'None' }], ...meta })),
    ).toBe(false);
    expect(isTransientStoreError(new Error('boom'))).toBe(false);
  });
});
