import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import * as Sdk from '@aws-sdk/lib-dynamodb';
import * as Ours from '../../lib/store/dynamodb';
import { credentials } from '../support/stack';

/**
 * Our DynamoDB client (lib/store/dynamodb.ts) against DynamoDB Local, beside the SDK's document client
 * it replaced, with the same options: every command the codebase sends gets the same answer from
 * both, values converted the same way both ways, and the same refusals (docs/decisions.md, "AWS
 * clients of our own").
 */
const c = credentials();
const TableName = c.table_name;
const local = () => ({ accessKeyId: 'local', secretAccessKey: 'local' });
const ours = new Ours.StoreClient({ standIn: c.dynamodb_endpoint });
const base = new DynamoDBClient({ endpoint: c.dynamodb_endpoint, region: 'us-east-1', credentials: local() });
const sdk = Sdk.DynamoDBDocumentClient.from(base, { marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false } });
afterAll(() => {
  ours.destroy();
  base.destroy();
});

const withoutMetadata = ({ $metadata: _m, ...rest }: { $metadata?: unknown }) => rest;
const pk = () => `STORECLIENT#${randomUUID()}`;
/** Every kind of value a stored item holds, and an absent optional field. */
const richItem = (p: string, sk: string) => ({
  pk: p,
  sk,
  text: 'héllo "quoted" \u2028',
  empty: '',
  int: 42,
  float: -0.125,
  big: Number.MAX_SAFE_INTEGER,
  yes: true,
  none: null,
  list: [1, 'two', { three: [3] }, null],
  map: { nested: { deeper: ['x'] }, n: 1 },
  tags: new Set(['a', 'b']),
  counts: new Set([1, 2]),
  bytes: new Uint8Array([0, 1, 255]),
  absent: undefined,
});

describe('our DynamoDB client beside the SDK document client', () => {
  it('writes and reads every kind of value the same way (PutItem, GetItem)', async () => {
    const p = pk();
    await ours.send(new Ours.PutCommand({ TableName, Item: richItem(p, 'A') }));
    const key = { pk: p, sk: 'A' };
    const mine = await ours.send(new Ours.GetCommand({ TableName, Key: key, ConsistentRead: true }));
    const theirs = await sdk.send(new Sdk.GetCommand({ TableName, Key: key, ConsistentRead: true }));
    expect(withoutMetadata(mine)).toEqual(withoutMetadata(theirs));
    expect(mine.Item).not.toHaveProperty('absent');
    expect(mine.Item?.tags).toEqual(new Set(['a', 'b']));
    expect(mine.$metadata.httpStatusCode).toBe(200);
    // What the SDK wrote, ours reads the same way too.
    await sdk.send(new Sdk.PutCommand({ TableName, Item: richItem(p, 'B') }));
    const back = await ours.send(new Ours.GetCommand({ TableName, Key: { pk: p, sk: 'B' }, ConsistentRead: true }));
    expect(back.Item).toEqual({ ...richItem(p, 'B'), absent: undefined, bytes: new Uint8Array([0, 1, 255]) });
    expect((await ours.send(new Ours.GetCommand({ TableName, Key: { pk: p, sk: 'none' } }))).Item).toBeUndefined();
  });

  it('updates, deletes and returns the values as the SDK does (UpdateItem, DeleteItem)', async () => {
    const p = pk();
    await ours.send(new Ours.PutCommand({ TableName, Item: { pk: p, sk: 'U', n: 1 } }));
    const update = {
      TableName,
      Key: { pk: p, sk: 'U' },
      UpdateExpression: 'ADD n :one SET #m = :m',
      ExpressionAttributeNames: { '#m': 'm' },
      ExpressionAttributeValues: { ':one': 1, ':m': { deep: [true] } },
      ReturnValues: 'ALL_NEW' as const,
    };
    const mine = await ours.send(new Ours.UpdateCommand(update));
    const theirs = await sdk.send(new Sdk.UpdateCommand(update));
    expect(mine.Attributes).toEqual({ pk: p, sk: 'U', n: 2, m: { deep: [true] } });
    expect(theirs.Attributes).toEqual({ ...mine.Attributes, n: 3 });
    const deleted = await ours.send(new Ours.DeleteCommand({ TableName, Key: { pk: p, sk: 'U' }, ReturnValues: 'ALL_OLD' }));
    expect(deleted.Attributes).toEqual({ pk: p, sk: 'U', n: 3, m: { deep: [true] } });
  });

  it('pages a query and a scan the same way (Query, Scan, ExclusiveStartKey)', async () => {
    const p = pk();
    for (const sk of ['1', '2', '3']) await ours.send(new Ours.PutCommand({ TableName, Item: { pk: p, sk, v: Number(sk) } }));
    const first = { TableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': p }, Limit: 2 };
    const mine = await ours.send(new Ours.QueryCommand(first));
    const theirs = await sdk.send(new Sdk.QueryCommand(first));
    expect(withoutMetadata(mine)).toEqual(withoutMetadata(theirs));
    expect(mine.LastEvaluatedKey).toEqual({ pk: p, sk: '2' });
    const next = await ours.send(new Ours.QueryCommand({ ...first, ExclusiveStartKey: mine.LastEvaluatedKey }));
    expect(next.Items).toEqual([{ pk: p, sk: '3', v: 3 }]);
    const scan = { TableName, FilterExpression: 'pk = :pk AND v > :v', ExpressionAttributeValues: { ':pk': p, ':v': 1 } };
    const scanned: unknown[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await ours.send(new Ours.ScanCommand({ ...scan, ExclusiveStartKey: start }));
      scanned.push(...(page.Items ?? []));
      start = page.LastEvaluatedKey;
    } while (start);
    expect(scanned).toHaveLength(2);
  });

  it('reads and writes in batches the same way (BatchGetItem, BatchWriteItem)', async () => {
    const p = pk();
    await ours.send(
      new Ours.BatchWriteCommand({
        RequestItems: { [TableName]: ['a', 'b', 'c'].map((sk) => ({ PutRequest: { Item: { pk: p, sk, tags: new Set([sk]) } } })) },
      }),
    );
    await ours.send(new Ours.BatchWriteCommand({ RequestItems: { [TableName]: [{ DeleteRequest: { Key: { pk: p, sk: 'c' } } }] } }));
    const get = { RequestItems: { [TableName]: { Keys: ['a', 'b', 'c'].map((sk) => ({ pk: p, sk })), ConsistentRead: true } } };
    const mine = await ours.send(new Ours.BatchGetCommand(get));
    const theirs = await sdk.send(new Sdk.BatchGetCommand(get));
    const sorted = (items: Record<string, unknown>[] | undefined) =>
      [...(items ?? [])].sort((x, y) => String(x.sk).localeCompare(String(y.sk)));
    expect(sorted(mine.Responses?.[TableName])).toEqual([
      { pk: p, sk: 'a', tags: new Set(['a']) },
      { pk: p, sk: 'b', tags: new Set(['b']) },
    ]);
    expect(sorted(mine.Responses?.[TableName])).toEqual(sorted(theirs.Responses?.[TableName]));
    expect(mine.UnprocessedKeys).toEqual({});
  });

  it('writes and reads transactions the same way, and refuses a failed condition with the same reasons (TransactWriteItems, TransactGetItems)', async () => {
    const p = pk();
    await ours.send(
      new Ours.TransactWriteCommand({
        TransactItems: [
          { Put: { TableName, Item: { pk: p, sk: 'T1', v: 1 }, ConditionExpression: 'attribute_not_exists(pk)' } },
          { Update: { TableName, Key: { pk: p, sk: 'T2' }, UpdateExpression: 'SET v = :v', ExpressionAttributeValues: { ':v': [2] } } },
        ],
      }),
    );
    const got = await ours.send(
      new Ours.TransactGetCommand({ TransactItems: ['T1', 'T2'].map((sk) => ({ Get: { TableName, Key: { pk: p, sk } } })) }),
    );
    expect(got.Responses?.map((r) => r.Item)).toEqual([
      { pk: p, sk: 'T1', v: 1 },
      { pk: p, sk: 'T2', v: [2] },
    ]);
    const clash = {
      TransactItems: [
        { ConditionCheck: { TableName, Key: { pk: p, sk: 'T2' }, ConditionExpression: 'attribute_exists(pk)' } },
        { Put: { TableName, Item: { pk: p, sk: 'T1', v: 9 }, ConditionExpression: 'attribute_not_exists(pk)' } },
      ],
    };
    const mine = (await ours.send(new Ours.TransactWriteCommand(clash)).catch((e: unknown) => e)) as Error & Record<string, unknown>;
    const theirs = (await sdk.send(new Sdk.TransactWriteCommand(clash)).catch((e: unknown) => e)) as Error & Record<string, unknown>;
    expect(mine.name).toBe('TransactionCanceledException');
    expect(mine.name).toBe(theirs.name);
    expect(mine.message).toBe(theirs.message);
    expect(mine.CancellationReasons).toEqual(theirs.CancellationReasons);
    expect(mine.$metadata).toMatchObject({ httpStatusCode: 400, attempts: 1 });
  });

  it('refuses a failed condition of a single write as the SDK does (ConditionalCheckFailedException)', async () => {
    const p = pk();
    const put = { TableName, Item: { pk: p, sk: 'C' }, ConditionExpression: 'attribute_exists(pk)' };
    const mine = (await ours.send(new Ours.PutCommand(put)).catch((e: unknown) => e)) as Error;
    const theirs = (await sdk.send(new Sdk.PutCommand(put)).catch((e: unknown) => e)) as Error;
    expect(mine.name).toBe('ConditionalCheckFailedException');
    expect([mine.name, mine.message]).toEqual([theirs.name, theirs.message]);
  });

  it('refuses an invalid request as the SDK does, without retrying it (ValidationException)', async () => {
    const bad = { TableName, Key: { pk: pk() } }; // no sort key
    const mine = (await ours.send(new Ours.GetCommand(bad)).catch((e: unknown) => e)) as Error & { $metadata: { attempts: number } };
    const theirs = (await sdk.send(new Sdk.GetCommand(bad)).catch((e: unknown) => e)) as Error;
    expect(mine.name).toBe('ValidationException');
    expect([mine.name, mine.message]).toEqual([theirs.name, theirs.message]);
    expect(mine.$metadata.attempts).toBe(1);
  });
});
