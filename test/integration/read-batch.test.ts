import { keyedProxyEvent } from '../../infra/local/proxy-event';
import { BatchGetCommand, GetCommand, PutCommand } from '../../lib/store/dynamodb';
import { mockStore } from '../support/aws-mock';
import { useStackDatabase } from '../support/stack';
import { aFreshPartner } from '../support/partners';
import { anLlc } from '../support/companies';
import { lambdaContext } from '../support/handler-chain';
import { db, tableName } from '../../lib/store/client';
import { getItem, itemAt, ReadBatch } from '../../lib/store/read-batch';
import { countRoundTrips, countRoundTripsOn } from '../../bench/round-trip-counter';
import { newId } from '../../lib/ids';
import { revokeKey } from '../../lib/dashboard/api-keys';
import { findApiKey } from '../../lib/auth/api-key';
import { forgetCachedKeys } from '../../lib/auth/key-cache';
import { handler as getCompany } from '../../functions/api/get-company';
import { handler as createCompany } from '../../functions/api/create-company';
import { handler as getInvoice } from '../../functions/api/get-invoice';
import { anInvoiceWithEverything } from '../support/invoices';

useStackDatabase();
countRoundTripsOn(db());

/**
 * Reads by key asked for in one turn go out as one BatchGetItem (lib/store/read-batch.ts), and the
 * chain puts the request's key into the operation's first read by key: GET /companies/{id} in two
 * requests, POST /companies in three (docs/decisions.md, "Round trips of a request").
 */
describe('reads asked for together', () => {
  const put = (pk: string, sk: string) => db().send(new PutCommand({ TableName: tableName(), Item: { pk, sk, v: `${pk}|${sk}` } }));

  it('sends the reads of one turn as one request, and hands each caller only its own items', async () => {
    const pk = `READ_BATCH#${newId('company')}`;
    await Promise.all([put(pk, 'A'), put(pk, 'B'), put(pk, 'C')]);
    const batch = new ReadBatch(tableName());
    const { result, tally } = await countRoundTrips(() =>
      Promise.all([
        batch.read([
          { pk, sk: 'A' },
          { pk, sk: 'B' },
        ]),
        batch.read([
          { pk, sk: 'C' },
          { pk, sk: 'MISSING' },
        ]),
      ]),
    );
    expect(tally.requests.map((r) => r.command)).toEqual(['BatchGetItem']);
    expect([...result[0].keys()].sort()).toEqual([`${pk}\nA`, `${pk}\nB`]);
    expect([...result[1].values()].map((i) => i.v)).toEqual([`${pk}|C`]);
    expect(itemAt(result[1], { pk, sk: 'MISSING' })).toBeUndefined();
  });

  it('sends a read asked after the batch went out in a request of its own (one item alone: a consistent GetItem)', async () => {
    const pk = `READ_BATCH#${newId('company')}`;
    await put(pk, 'A');
    const batch = new ReadBatch(tableName());
    const { result, tally } = await countRoundTrips(async () => {
      const first = await getItem(tableName(), { pk, sk: 'A' }, { batch });
      expect(batch.hasWaitingReads).toBe(false);
      return [first, await getItem(tableName(), { pk, sk: 'A' }, { batch })];
    });
    expect(result.map((i) => i?.v)).toEqual([`${pk}|A`, `${pk}|A`]);
    expect(tally.requests.map((r) => [r.command, r.depth])).toEqual([
      ['GetItem', 1],
      ['GetItem', 2],
    ]);
  });

  it('fails every read of a request that failed', async () => {
    const mock = mockStore();
    try {
      mock.on(BatchGetCommand).rejects(new Error('ProvisionedThroughputExceededException'));
      const batch = new ReadBatch(tableName());
      const reads = [batch.read([{ pk: 'X', sk: 'A' }]), batch.read([{ pk: 'X', sk: 'B' }])];
      await expect(reads[0]).rejects.toThrow('ProvisionedThroughputExceededException');
      await expect(reads[1]).rejects.toThrow('ProvisionedThroughputExceededException');
      expect(mock.commandCalls(BatchGetCommand)).toHaveLength(1);
    } finally {
      mock.restore();
    }
  });
  it('reads one item alone strongly consistent, as the batch would have', async () => {
    const mock = mockStore();
    try {
      mock.on(GetCommand).resolves({ Item: { pk: 'X', sk: 'A', v: 1 } });
      const items = await new ReadBatch(tableName()).read([{ pk: 'X', sk: 'A' }]);
      expect(itemAt(items, { pk: 'X', sk: 'A' })).toEqual({ pk: 'X', sk: 'A', v: 1 });
      expect(mock.commandCalls(GetCommand).map((c) => c.args[0].input.ConsistentRead)).toEqual([true]);
      expect(mock.commandCalls(BatchGetCommand)).toHaveLength(0);
    } finally {
      mock.restore();
    }
  });
});

describe('the key rides in the operation’s first read', () => {
  const event = (secret: string, method: string, path: string, pathParameters: Record<string, string> | null, body?: unknown) =>
    keyedProxyEvent({ method, path, key: secret, body, pathParameters });
  it('creates a company in three requests and reads it in two, once the process knows the key', async () => {
    const { testKey } = await aFreshPartner();
    const post = () => createCompany(event(testKey, 'POST', '/v1/companies', null, anLlc()), lambdaContext);
    const first = await post(); // this process learns the key's scope
    expect(first.statusCode).toBe(201);
    forgetCachedKeys(); // as KEY_CACHE_MS after: the scope is known, the key read again (lib/auth/key-cache.ts)

    const { result: created, tally: creating } = await countRoundTrips(() => post());
    expect(created.statusCode).toBe(201);
    expect(creating.requests.map((r) => r.command).sort()).toEqual(['BatchGetItem', 'TransactWriteItems', 'UpdateItem']);
    expect(creating.roundTrips).toBe(2);
    const read = creating.requests.find((r) => r.command === 'BatchGetItem')!;
    expect(read.reads.some((item) => item.startsWith('KEY#'))).toBe(true);
    expect(read.reads.some((item) => item.startsWith('EVCNT#'))).toBe(true);

    const id = JSON.parse(created.body).id as string;
    forgetCachedKeys();
    const { result: got, tally: reading } = await countRoundTrips(() =>
      getCompany(event(testKey, 'GET', `/v1/companies/${id}`, { companyID: id }), lambdaContext),
    );
    expect(got.statusCode).toBe(200);
    expect(JSON.parse(got.body)).toMatchObject({ id, object: 'company' });
    expect(reading.requests.map((r) => r.command).sort()).toEqual(['BatchGetItem', 'UpdateItem']);
    expect(reading.requests.find((r) => r.command === 'BatchGetItem')!.reads.some((item) => item.startsWith('KEY#'))).toBe(true);
    expect(reading.roundTrips).toBe(1);
  });

  it('sends the operation’s first read alone while the key is kept', async () => {
    const { liveKey } = await aFreshPartner();
    const created = await createCompany(event(liveKey, 'POST', '/v1/companies', null, anLlc()), lambdaContext);
    const id = JSON.parse(created.body).id as string;
    // The key is kept KEY_CACHE_MS from its last read: a creation slowed by a loaded machine can outlast
    // that, so one read right before keeps it for the request measured.
    await getCompany(event(liveKey, 'GET', `/v1/companies/${id}`, { companyID: id }), lambdaContext);
    const { result: got, tally: reading } = await countRoundTrips(() =>
      getCompany(event(liveKey, 'GET', `/v1/companies/${id}`, { companyID: id }), lambdaContext),
    );
    expect(got.statusCode).toBe(200);
    // The company item alone (it carries its open-requirement count): a GetItem, not a batch of one.
    expect(reading.requests.map((r) => r.command).sort()).toEqual(['GetItem', 'UpdateItem']);
    const read = reading.requests.find((r) => r.command === 'GetItem')!;
    expect(read.reads.some((item) => item.startsWith('KEY#'))).toBe(false);
    expect(read.reads.some((item) => item.startsWith('CMP#'))).toBe(true);
    expect(reading.roundTrips).toBe(1);
  });

  it('reads a test key’s sandbox clock beside the operation’s first read while the key is kept: one round trip still', async () => {
    const { testKey } = await aFreshPartner();
    const created = await createCompany(event(testKey, 'POST', '/v1/companies', null, anLlc()), lambdaContext);
    const id = JSON.parse(created.body).id as string;
    await getCompany(event(testKey, 'GET', `/v1/companies/${id}`, { companyID: id }), lambdaContext); // the key kept, as above
    const { result: got, tally: reading } = await countRoundTrips(() =>
      getCompany(event(testKey, 'GET', `/v1/companies/${id}`, { companyID: id }), lambdaContext),
    );
    expect(got.statusCode).toBe(200);
    expect(reading.requests.map((r) => r.command).sort()).toEqual(['BatchGetItem', 'UpdateItem']);
    const read = reading.requests.find((r) => r.command === 'BatchGetItem')!;
    expect(read.reads.some((item) => item.startsWith('CMP#'))).toBe(true);
    expect(read.reads.some((item) => item.startsWith('CLOCK#'))).toBe(true);
    expect(reading.roundTrips).toBe(1);
  });

  it('reads an invoice with the key in one request, its lines beside them', async () => {
    const { key, invoice } = await anInvoiceWithEverything();
    const get = () => getInvoice(event(key, 'GET', `/v1/invoices/${invoice.id}`, { invoiceID: invoice.id }), lambdaContext);
    expect((await get()).statusCode).toBe(200); // this process learns the key's scope
    forgetCachedKeys(); // and reads the key again, as KEY_CACHE_MS after
    const { result, tally } = await countRoundTrips(get);
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body)).toMatchObject({ id: invoice.id, lines: invoice.lines });
    expect(tally.requests.map((r) => r.command).sort()).toEqual(['BatchGetItem', 'Query', 'UpdateItem']);
    expect(tally.requests.find((r) => r.command === 'BatchGetItem')!.reads.some((item) => item.startsWith('KEY#'))).toBe(true);
    expect(tally.roundTrips).toBe(1);
  });

  it('refuses a key revoked since this process last saw it, though its read rode with the operation’s', async () => {
    const { partnerId, testKey } = await aFreshPartner();
    const post = () => createCompany(event(testKey, 'POST', '/v1/companies', null, anLlc()), lambdaContext);
    const created = await post();
    const id = JSON.parse(created.body).id as string;
    const key = await findApiKey(testKey);
    await revokeKey({ partner_id: partnerId, email: 'owner@read-batch.test', ip: '127.0.0.1' }, key!.id);

    const got = await getCompany(event(testKey, 'GET', `/v1/companies/${id}`, { companyID: id }), lambdaContext);
    expect(got.statusCode).toBe(401);
    expect(JSON.parse(got.body)).toMatchObject({ code: 'api_key_invalid' });
    expect(JSON.parse(got.body)).not.toHaveProperty('id');
    const again = await post();
    expect(again.statusCode).toBe(401);
  });
});
