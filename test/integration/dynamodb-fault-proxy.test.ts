import { randomUUID } from 'node:crypto';
import { DynamoDBServiceException as AwsServiceError } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, type StoreClient, storeClient, TransactWriteCommand } from '../../lib/store/dynamodb';
import { credentials } from '../support/stack';
import { NO_FAULTS, startFaultProxy, type FaultProxy } from '../../proof/dynamodb-fault-proxy';
import { isTransientStoreError } from '../../lib/store/transient';

const c = credentials();
const table = c.table_name;
let proxy: FaultProxy;
const clients: StoreClient[] = [];

/** The client every function uses (lib/store/dynamodb.ts), pointed at the proxy or at DynamoDB Local itself. */
function client(endpoint: string, maxAttempts = 1) {
  const made = storeClient({ standIn: endpoint, maxAttempts });
  clients.push(made);
  return made;
}
const direct = () => client(c.dynamodb_endpoint);
const item = () => ({ pk: `FAULTPROXY#${randomUUID()}`, sk: 'X', entity: 'fault_proxy_test' });
const stored = async ({ pk, sk }: { pk: string; sk: string }) =>
  (await direct().send(new GetCommand({ TableName: table, Key: { pk, sk }, ConsistentRead: true }))).Item;

beforeAll(async () => {
  proxy = await startFaultProxy({ upstream: c.dynamodb_endpoint, seed: 7 });
});
afterEach(() => proxy.setRates(NO_FAULTS));
afterAll(async () => {
  for (const cl of clients) cl.destroy();
  await proxy.close();
});

describe('the DynamoDB fault proxy (proof/dynamodb-fault-proxy.ts)', () => {
  it('forwards every call unchanged when no fault is drawn', async () => {
    const via = client(proxy.endpoint);
    const it = item();
    await via.send(new PutCommand({ TableName: table, Item: it }));
    expect((await via.send(new GetCommand({ TableName: table, Key: { pk: it.pk, sk: it.sk } }))).Item).toEqual(it);
    expect(await stored(it)).toEqual(it);
  });

  it('answers throttles our client parses as the real ProvisionedThroughputExceededException and ThrottlingException, and nothing is written', async () => {
    proxy.setRates({ ...NO_FAULTS, throttle: 1 });
    const via = client(proxy.endpoint);
    const seen = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const it = item();
      const error = await via.send(new PutCommand({ TableName: table, Item: it })).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AwsServiceError);
      expect((error as AwsServiceError).$metadata.httpStatusCode).toBe(400);
      expect(isTransientStoreError(error)).toBe(true);
      seen.add((error as Error).name);
      expect(await stored(it)).toBeUndefined();
    }
    expect([...seen].sort()).toEqual(['ProvisionedThroughputExceededException', 'ThrottlingException']);
  });

  it('makes our client retry its throttles as it would in AWS (every attempt reaches the proxy)', async () => {
    proxy.setRates({ ...NO_FAULTS, throttle: 1 });
    const via = client(proxy.endpoint, 3);
    const before = proxy.stats().calls;
    const error = (await via
      .send(new GetCommand({ TableName: table, Key: { pk: 'FAULTPROXY#none', sk: 'X' } }))
      .catch((e: unknown) => e)) as AwsServiceError;
    expect(error.$metadata.attempts).toBe(3);
    expect(proxy.stats().calls - before).toBe(3);
  }, 30_000);

  it('cancels a TransactWriteItems with one TransactionConflict among one reason per item, not applied and not retried by our client', async () => {
    proxy.setRates({ ...NO_FAULTS, transactionConflict: 1 });
    const via = client(proxy.endpoint, 3);
    const items = [item(), item(), item()];
    const before = proxy.stats();
    const error = (await via
      .send(new TransactWriteCommand({ TransactItems: items.map((Item) => ({ Put: { TableName: table, Item } })) }))
      .catch((e: unknown) => e)) as AwsServiceError & { CancellationReasons: { Code: string }[] };
    expect(error.name).toBe('TransactionCanceledException');
    const codes = error.CancellationReasons.map((r) => r.Code);
    expect(codes).toHaveLength(3);
    expect(codes.filter((code) => code === 'TransactionConflict')).toHaveLength(1);
    expect(codes.filter((code) => code === 'None')).toHaveLength(2);
    expect(isTransientStoreError(error)).toBe(true);
    expect(proxy.stats().calls - before.calls).toBe(1);
    expect(proxy.stats().injected.transaction_conflict - before.injected.transaction_conflict).toBe(1);
    for (const it of items) expect(await stored(it)).toBeUndefined();
  });

  it('refuses single-item writes with TransactionConflictException and lets reads through', async () => {
    proxy.setRates({ ...NO_FAULTS, writeConflict: 1 });
    const via = client(proxy.endpoint);
    const it = item();
    const error = await via.send(new PutCommand({ TableName: table, Item: it })).catch((e: unknown) => e);
    expect((error as Error).name).toBe('TransactionConflictException');
    expect(isTransientStoreError(error)).toBe(true);
    expect(await stored(it)).toBeUndefined();
    expect((await via.send(new GetCommand({ TableName: table, Key: { pk: it.pk, sk: it.sk } }))).Item).toBeUndefined();
  });

  it('does not take a failed condition of the caller for a passing refusal', async () => {
    const via = client(proxy.endpoint);
    const it = item();
    await via.send(new PutCommand({ TableName: table, Item: it }));
    const error = await via
      .send(
        new TransactWriteCommand({
          TransactItems: [{ Put: { TableName: table, Item: it, ConditionExpression: 'attribute_not_exists(pk)' } }],
        }),
      )
      .catch((e: unknown) => e);
    expect((error as Error).name).toBe('TransactionCanceledException');
    expect(isTransientStoreError(error)).toBe(false);
  });
});
