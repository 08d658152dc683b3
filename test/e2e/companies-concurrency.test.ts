import { BatchGetCommand, ScanCommand } from '../../lib/store/dynamodb';
import { randomUUID } from 'node:crypto';
import { api } from '../support/http';
import { useStackDatabase } from '../support/stack';
import { anAccount, anLlc, uniqueWord } from '../support/companies';
import { db, tableName } from '../../lib/store/client';
import { accountExternalIdKey, companyNameKey } from '../../lib/store/keys';
import { findAccountByExternalId } from '../../lib/store/entities/account';
import { nameKey } from '../../lib/companies/normalise-name';

const c = useStackDatabase();
const test = api(c.test_key);
const scope = { partnerId: c.partner_id, mode: 'test' as const };
const PARALLEL = 20;
// Twenty racing requests on a shared 2-core machine: the bound is generous, the assertions are not timed.
jest.setTimeout(120_000);

/**
 * No partial writes: exactly one company.created event names `marker` (the winner's), and every
 * service order of this partner's sandbox belongs to a company item that exists.
 */
async function expectNoPartialWrites(marker: string) {
  const created: string[] = [];
  const orderCompanies = new Set<string>();
  let startKey: Record<string, unknown> | undefined;
  do {
    const res = await db().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: '(entity = :ev AND #type = :created AND contains(payload, :marker)) OR (entity = :so AND begins_with(pk, :mine))',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: {
          ':so': 'service_order',
          ':ev': 'event',
          ':created': 'company.created',
          ':marker': marker,
          ':mine': `CMP#${c.partner_id}#test#`,
        },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of res.Items ?? []) {
      if (item.entity === 'event') created.push(item.company_id as string);
      else orderCompanies.add(item.company as string);
    }
    startKey = res.LastEvaluatedKey;
  } while (startKey);
  expect(created).toHaveLength(1);
  const keys = [...orderCompanies].map((id) => ({ pk: `CMP#${c.partner_id}#test#${id}`, sk: 'CMP' }));
  let found = 0;
  for (let i = 0; i < keys.length; i += 100) {
    const res = await db().send(
      new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: keys.slice(i, i + 100), ProjectionExpression: 'pk' } } }),
    );
    found += res.Responses?.[tableName()]?.length ?? 0;
  }
  expect({ companiesWithOrders: keys.length, existing: found }).toEqual({ companiesWithOrders: keys.length, existing: keys.length });
}

describe('racing creations', () => {
  it(`${PARALLEL} parallel creates with one Idempotency-Key make one company: identical replays or idempotency_key_in_use`, async () => {
    const key = randomUUID();
    const body = anLlc({ account: anAccount({ external_id: `idem-${uniqueWord()}` }) });
    const results = await Promise.all(Array.from({ length: PARALLEL }, () => test.post('/companies', body, { 'Idempotency-Key': key })));
    const created = results.filter((r) => r.status === 201);
    const inUse = results.filter((r) => r.status === 409);
    expect(created.length + inUse.length).toBe(PARALLEL);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const r of created) expect(r.body).toEqual(created[0].body);
    for (const r of inUse) expect(r.body.code).toBe('idempotency_key_in_use');
    const list = await test.get(`/companies?account_id=${created[0].body.account_id}`);
    expect(list.body.items.map((i: any) => i.id)).toEqual([created[0].body.id]);
    // After the race the key replays the one company.
    expect((await test.post('/companies', body, { 'Idempotency-Key': key })).body).toEqual(created[0].body);
  });

  it(`${PARALLEL} parallel creates with one external_id make one company; the rest are resource_already_exists with nothing written`, async () => {
    const external_id = `race-${uniqueWord()}`;
    const marker = uniqueWord();
    const bodies = Array.from({ length: PARALLEL }, (_, i) =>
      anLlc({ external_id, name: `Race ${marker} ${'x'.repeat(i + 1)}`, account: anAccount({ external_id: `acct-${marker}-${i}` }) }),
    );
    const results = await Promise.all(bodies.map((b) => test.post('/companies', b)));
    const winners = results.flatMap((r, i) => (r.status === 201 ? [i] : []));
    expect(winners).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 201)) {
      expect({ status: r.status, code: r.body.code, location: r.body.errors?.[0]?.location }).toEqual({
        status: 409,
        code: 'resource_already_exists',
        location: '$.external_id',
      });
    }
    const byExternal = await test.get(`/companies?external_id=${external_id}`);
    expect(byExternal.body.items.map((i: any) => i.id)).toEqual([results[winners[0]].body.id]);
    // The losers left no account, no account guard and no name guard behind.
    for (let i = 0; i < PARALLEL; i++) {
      const account = await findAccountByExternalId(scope, `acct-${marker}-${i}`);
      expect({ i, account: !!account }).toEqual({ i, account: i === winners[0] });
      const guard = await db().send(
        new BatchGetCommand({
          RequestItems: {
            [tableName()]: {
              Keys: [companyNameKey('test', 'WY', nameKey(bodies[i].name as string)), accountExternalIdKey(scope, `acct-${marker}-${i}`)],
            },
          },
        }),
      );
      expect({ i, guards: guard.Responses?.[tableName()]?.length }).toEqual({ i, guards: i === winners[0] ? 2 : 0 });
    }
    await expectNoPartialWrites(`Race ${marker}`);
  });

  it(`${PARALLEL} parallel creates with one name in one state make one company; the rest are invalid_request at $.name`, async () => {
    const name = `Contested ${uniqueWord()}`;
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        test.post('/companies', anLlc({ name: i % 2 ? ` ${name.replace(' ', '   ')} ` : name, state: 'NM' })),
      ),
    );
    const created = results.filter((r) => r.status === 201);
    expect(created).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 201)) {
      expect({ status: r.status, code: r.body.code, location: r.body.errors?.[0]?.location }).toEqual({
        status: 400,
        code: 'invalid_request',
        location: '$.name',
      });
    }
    // Every page of the scan: the shared test table outgrows one page during a full run.
    const named: unknown[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const scan = await db().send(
        new ScanCommand({
          TableName: tableName(),
          FilterExpression: 'entity = :c AND name_key = :n AND #state = :s',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':c': 'company', ':n': nameKey(name), ':s': 'NM' },
          ExclusiveStartKey: startKey,
        }),
      );
      named.push(...(scan.Items ?? []).map((i) => i.id));
      startKey = scan.LastEvaluatedKey;
    } while (startKey);
    expect(named).toEqual([created[0].body.id]);
    await expectNoPartialWrites(name);
  });

  it('parallel creates that share an account external_id all land under one account', async () => {
    const external_id = `shared-${uniqueWord()}`;
    const results = await Promise.all(
      Array.from({ length: 8 }, () => test.post('/companies', anLlc({ account: anAccount({ external_id }) }))),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
    expect(new Set(results.map((r) => r.body.account_id)).size).toBe(1);
    const list = await test.get(`/companies?account_id=${results[0].body.account_id}`);
    expect(list.body.page.total).toBe(8);
  });
});
