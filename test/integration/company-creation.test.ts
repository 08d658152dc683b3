import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '../../lib/store/dynamodb';
import { TransactionCanceledException, TransactionConflictException } from '@aws-sdk/client-dynamodb';
import { mockStore } from '../support/aws-mock';
import { useStackDatabase } from '../support/stack';
import { anAccount, anLlc, anOwner } from '../support/companies';
import { db, tableName } from '../../lib/store/client';
import { companyPartition, eventStreams, idempotencyKey } from '../../lib/store/keys';
import { newId } from '../../lib/ids';
import { createCompany } from '../../lib/companies/operations/create-company';
import { createCompanyBody } from '../../lib/companies/schemas';
import { getCompany, openRequirementCount } from '../../lib/store/entities/company';
import { requirementsOfCompany } from '../../lib/store/entities/requirement';
import { presentCompany } from '../../lib/companies/expand-company';
import { MAX_TRANSACTION_ITEMS } from '../../lib/event-log/commit';
import { claimKey, completeKeyInTransaction, storable } from '../../lib/idempotency/records';
import type { Scope } from '../../lib/scope';

useStackDatabase();
const scope = (): Scope => ({ partnerId: newId('partner'), mode: 'test' });
const body = () => createCompanyBody.parse(anLlc());

async function eventTypes(s: Scope, companyId: string): Promise<string[]> {
  const res = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi3',
      KeyConditionExpression: 'gsi3pk = :pk',
      ExpressionAttributeValues: { ':pk': eventStreams.company(s, companyId) },
    }),
  );
  return (res.Items ?? []).map((i) => i.type as string).sort();
}

async function partitionSize(s: Scope, companyId: string): Promise<number> {
  const res = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': companyPartition(s, companyId) },
      Select: 'COUNT',
    }),
  );
  return res.Count ?? 0;
}

describe('company creation under injected faults', () => {
  it('goes pending after a TransactionConflict (which DynamoDB Local never raises), retries one there, and writes the company, its orders and events once', async () => {
    const s = scope();
    const client = db();
    const realSend = client.send.bind(client) as (command: unknown) => Promise<unknown>;
    const cancelled = new TransactionCanceledException({
      message: 'conflict',
      $metadata: {},
      CancellationReasons: [{ Code: 'None' }, { Code: 'TransactionConflict' }],
    });
    const ddb = mockStore(client);
    ddb.onAnyCommand().callsFake(() => realSend(ddb.send.lastCall.args[0]));
    ddb
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled)
      .rejectsOnce(new TransactionConflictException({ message: 'conflict', $metadata: {} }))
      .callsFake(() => realSend(ddb.send.lastCall.args[0]));
    let company: Awaited<ReturnType<typeof createCompany>> | undefined;
    try {
      company = await createCompany({ scope: s, body: body(), expand: [] });
      // fast (cancelled) → pending (conflict) → pending again → the drain that sequences its events
      expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(4);
    } finally {
      ddb.restore();
    }
    expect(await getCompany(s, company.id)).toMatchObject({ id: company.id, version: 1 });
    expect(await partitionSize(s, company.id)).toBe(3); // the company and its two orders
    expect(await eventTypes(s, company.id)).toEqual(['company.created', 'service_order.status.changed', 'service_order.status.changed']);
  });

  it('makes ONE write request: the whole creation is a single TransactWriteItems', async () => {
    const s = scope();
    const client = db();
    const realSend = client.send.bind(client) as (command: unknown) => Promise<unknown>;
    const ddb = mockStore(client);
    ddb.onAnyCommand().callsFake(() => realSend(ddb.send.lastCall.args[0]));
    try {
      await createCompany({ scope: s, body: body(), expand: [] });
      const names = ddb.calls().map((call) => (call.args[0] as object).constructor.name);
      expect(names.filter((n) => /Put|Update|Delete|Transact|BatchWrite/.test(n))).toEqual(['TransactWriteCommand']);
    } finally {
      ddb.restore();
    }
  });
});

describe('the idempotency key commits with the company', () => {
  it('seals the replayable response in the creating transaction', async () => {
    const s = scope();
    const key = `k-${newId('request')}`;
    expect(await claimKey(s, key, 'fp', 'req_owner', new Date())).toEqual({ kind: 'claimed' });
    const company = await createCompany({
      scope: s,
      body: body(),
      expand: [],
      addAnswer: (ws, c) =>
        completeKeyInTransaction(
          ws,
          s,
          key,
          'req_owner',
          storable({ statusCode: 201, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(c) }),
        ),
    });
    const record = (await db().send(new GetCommand({ TableName: tableName(), Key: idempotencyKey(s, key) }))).Item!;
    expect(record.status).toBe('completed');
    expect(JSON.parse(record.response.body).id).toBe(company.id);
    expect(await claimKey(s, key, 'fp', 'req_retry', new Date())).toMatchObject({ kind: 'replay', response: { statusCode: 201 } });
  });

  it('refuses to commit when another request took the key over, and writes nothing', async () => {
    const s = scope();
    const key = `k-${newId('request')}`;
    await claimKey(s, key, 'fp', 'req_slow', new Date());
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: idempotencyKey(s, key),
        UpdateExpression: 'SET #o = :o',
        ExpressionAttributeNames: { '#o': 'owner' },
        ExpressionAttributeValues: { ':o': 'req_new' },
      }),
    );
    const input = body();
    await expect(
      createCompany({
        scope: s,
        body: input,
        expand: [],
        addAnswer: (ws, c) =>
          completeKeyInTransaction(ws, s, key, 'req_slow', storable({ statusCode: 201, headers: {}, body: JSON.stringify(c) })),
      }),
    ).rejects.toMatchObject({ code: 'idempotency_key_in_use' });
    const listed = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': `CMPS#${s.partnerId}#test` },
      }),
    );
    expect(listed.Items).toEqual([]);
  });
});

/** Every product a creation may list beside the mandatory ones (the `services` rule refuses the rest). */
const EVERY_LISTABLE_SERVICE = [
  'ein_application',
  'bookkeeping',
  'payroll',
  'compliance_bundle',
  'trademark_registration',
  'federal_tax_filing',
  'state_tax_filing',
  'dissolution',
];

/** The largest creation the spec allows: 25 owners without documents, every listable product, external ids. */
const worstCase = () =>
  createCompanyBody.parse(
    anLlc({
      external_id: `ext-${newId('request')}`,
      account: anAccount({ external_id: `acct-${newId('request')}` }),
      shareholders: Array.from({ length: 25 }, (_, i) =>
        anOwner({ first_name: `Owner${'abcdefghijklmnopqrstuvwxy'[i]}`, ownership_percentage: 4, main_incorporator: i === 0 }),
      ),
      services: EVERY_LISTABLE_SERVICE,
    }),
  );

describe("the owners' identity-document requirements at creation", () => {
  it('do not fit the creating transaction at 25 owners; they follow in a second one, both under 100 items', async () => {
    const s = scope();
    const key = `k-${newId('request')}`;
    await claimKey(s, key, 'fp', 'req_owner', new Date());
    const client = db();
    const realSend = client.send.bind(client) as (command: unknown) => Promise<unknown>;
    const ddb = mockStore(client);
    ddb.onAnyCommand().callsFake(() => realSend(ddb.send.lastCall.args[0]));
    let company: Awaited<ReturnType<typeof createCompany>>;
    try {
      company = await createCompany({
        scope: s,
        body: worstCase(),
        expand: [],
        addAnswer: (ws, c) =>
          completeKeyInTransaction(ws, s, key, 'req_owner', storable({ statusCode: 201, headers: {}, body: JSON.stringify(c) })),
      });
      const sizes = ddb.commandCalls(TransactWriteCommand).map((call) => call.args[0].input.TransactItems!.length);
      // Creation: company, name and external_id guards, account, its guard and counter, two company
      // counters, the idempotency record, 11 orders with their ledger lines, 12 events and their counters.
      // Requirements: 25 requirements, 25 id pointers, the company (with its open count), 25 events and counters.
      expect(sizes).toHaveLength(2);
      expect(sizes[0]).toBeLessThanOrEqual(MAX_TRANSACTION_ITEMS);
      expect(sizes[1]).toBeLessThanOrEqual(MAX_TRANSACTION_ITEMS);
      // In creation's transaction each requirement would add its item, its id pointer and its event.
      expect(sizes[0] + 3 * 25).toBeGreaterThan(MAX_TRANSACTION_ITEMS);
    } finally {
      ddb.restore();
    }
    expect(company.open_requirements).toBe(25);
    expect(await getCompany(s, company.id, { consistent: true })).not.toHaveProperty('pending_requirements');
    expect(await openRequirementCount(s, company.id)).toBe(25);
    const types = await eventTypes(s, company.id);
    expect(types.filter((t) => t === 'requirement.created')).toHaveLength(25);
  });

  it('a creation cut short after its own transaction leaves them pending on the company; its next read opens them, once', async () => {
    const s = scope();
    const client = db();
    const realSend = client.send.bind(client) as (command: unknown) => Promise<unknown>;
    const ddb = mockStore(client);
    ddb.onAnyCommand().callsFake(() => realSend(ddb.send.lastCall.args[0]));
    ddb
      .on(TransactWriteCommand)
      .callsFakeOnce(() => realSend(ddb.send.lastCall.args[0]))
      .rejectsOnce(Object.assign(new Error('the process stopped'), { name: 'InternalServerError' }))
      .callsFake(() => realSend(ddb.send.lastCall.args[0]));
    let company: Awaited<ReturnType<typeof createCompany>>;
    try {
      company = await createCompany({
        scope: s,
        body: createCompanyBody.parse(anLlc({ shareholders: [anOwner()] })),
        expand: ['requirements'],
      });
    } finally {
      ddb.restore();
    }
    // The answer already says what the company needs; the store has not opened it yet.
    expect(company.open_requirements).toBe(1);
    expect(company.requirements).toHaveLength(1);
    const stored = await getCompany(s, company.id, { consistent: true });
    expect(stored!.pending_requirements).toHaveLength(1);
    expect(await openRequirementCount(s, company.id)).toBe(0);

    const [first, second] = await Promise.all([presentCompany(s, stored!, ['requirements']), presentCompany(s, stored!, ['requirements'])]);
    expect(first.open_requirements).toBe(1);
    expect(second.open_requirements).toBe(1);
    expect(first.requirements).toEqual(company.requirements);
    expect(await requirementsOfCompany(s, company.id)).toHaveLength(1);
    expect((await eventTypes(s, company.id)).filter((t) => t === 'requirement.created')).toHaveLength(1);
    expect(await getCompany(s, company.id, { consistent: true })).not.toHaveProperty('pending_requirements');
  });
});
