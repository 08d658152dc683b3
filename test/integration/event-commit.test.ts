import { GetCommand, TransactWriteCommand } from '../../lib/store/dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { mockStore } from '../support/aws-mock';
import { useStackDatabase } from '../support/stack';
import { streamItems } from '../support/event-log';
import { stream } from '../../lib/events/listing/streams';
import { WriteSet } from '../../lib/store/write-set';
import { commit } from '../../lib/event-log/commit';
import { prefetchCounters } from '../../lib/event-log/sequence';
import { countRoundTrips, countRoundTripsOn } from '../../bench/round-trip-counter';
import { db, tableName } from '../../lib/store/client';
import { eventCounterKey } from '../../lib/store/keys';
import { newId } from '../../lib/ids';
import { ApiError } from '../../lib/errors';
import type { Scope } from '../../lib/scope';
import { itemAbsent } from '../../lib/store/expression';

useStackDatabase();
const scope = (): Scope => ({ partnerId: newId('partner'), mode: 'test' });
const resource = (id: string) => ({ object: 'company', id });

const eventsOf = (s: Scope) => streamItems(stream.all(s));

describe('committing on prefetched counters', () => {
  const creation = (s: Scope, company: string) => {
    const ws = new WriteSet(s, tableName());
    ws.put({ pk: `TEST#${company}`, sk: 'X', entity: 'test' }, { condition: itemAbsent() });
    ws.recordEvent({ type: 'company.created', companyId: company, resource: resource(company) });
    ws.recordEvent({
      type: 'service_order.status.changed',
      companyId: company,
      resource: { object: 'service_order', id: 'so_1' },
      previous: { status: null },
    });
    return ws;
  };
  const TYPES = ['company.created', 'service_order.status.changed'];

  it("sequences on them in the transaction alone, a new company's streams starting empty", async () => {
    countRoundTripsOn(db());
    const s = scope();
    await commit(creation(s, newId('company'))); // the log has a past
    const company = newId('company');
    const prefetched = prefetchCounters(s, tableName(), TYPES);
    await prefetched;
    const { result, tally } = await countRoundTrips(() => commit(creation(s, company), { prefetched, newCompanies: [company] }));
    expect(tally.requests.map((r) => r.command)).toEqual(['TransactWriteItems']);
    expect(result.map((c) => c.seq)).toEqual([
      { all: 3, type: 2, company: 1, companyType: 1 },
      { all: 4, type: 2, company: 2, companyType: 1 },
    ]);
  });

  it('keeps the log dense when a counter moved after it was prefetched: its condition catches it', async () => {
    const s = scope();
    const prefetched = prefetchCounters(s, tableName(), TYPES);
    await prefetched;
    await commit(creation(s, newId('company'))); // moves ALL and both type streams
    const company = newId('company');
    await commit(creation(s, company), { prefetched, newCompanies: [company] });
    const stored = (await eventsOf(s)).sort((x, y) => x.seq_all - y.seq_all);
    expect(stored.map((i) => i.seq_all)).toEqual([1, 2, 3, 4]);
    expect(stored.slice(2).map((i) => JSON.parse(i.payload).company_id)).toEqual([company, company]);
    const counter = await db().send(new GetCommand({ TableName: tableName(), Key: eventCounterKey(s, 'ALL') }));
    expect(counter.Item?.seq).toBe(4);
  });

  it('reads at the commit a stream the prefetch did not cover', async () => {
    countRoundTripsOn(db());
    const s = scope();
    const company = newId('company');
    const prefetched = prefetchCounters(s, tableName(), ['company.created']);
    const { result, tally } = await countRoundTrips(() => commit(creation(s, company), { prefetched, newCompanies: [company] }));
    expect(tally.requests.map((r) => r.command)).toEqual(['BatchGetItem', 'TransactWriteItems']);
    expect(result.map((c) => c.seq.all)).toEqual([1, 2]);
  });
});

describe('committing changes with their events', () => {
  it('writes the change and its events in one transaction with dense sequences', async () => {
    const s = scope();
    const company = newId('company');
    const ws = new WriteSet(s, tableName());
    ws.put({ pk: `TEST#${company}`, sk: 'X', entity: 'test' });
    ws.recordEvent({ type: 'company.created', companyId: company, resource: resource(company) });
    ws.recordEvent({
      type: 'service_order.status.changed',
      companyId: company,
      resource: { object: 'service_order', id: 'so_1' },
      previous: { status: null },
    });
    const committed = await commit(ws);

    expect(committed.map((c) => c.seq.all)).toEqual([1, 2]);
    expect(committed.map((c) => c.seq.company)).toEqual([1, 2]);
    expect(committed.map((c) => c.seq.type)).toEqual([1, 1]);
    const [a, b] = committed.map((c) => c.event);
    expect(Object.keys(a).sort()).toEqual(['company_id', 'created_at', 'data', 'id', 'livemode', 'object', 'timestamp', 'type']);
    expect(a).toMatchObject({
      object: 'event',
      type: 'company.created',
      company_id: company,
      livemode: false,
      data: { object: resource(company) },
    });
    // One transaction, one moment: equal created_at, ordered by seq_all in every listing.
    expect(b.created_at).toBe(a.created_at);
    const stored = await eventsOf(s);
    expect(stored.map((i) => JSON.parse(i.payload))).toEqual([a, b]);
    const change = await db().send(new GetCommand({ TableName: tableName(), Key: { pk: `TEST#${company}`, sk: 'X' } }));
    expect(change.Item).toBeDefined();
  });

  it('keeps sequences dense and created_at never decreasing under concurrent writers', async () => {
    const s = scope();
    await Promise.all(
      Array.from({ length: 12 }, (_, i) => {
        const ws = new WriteSet(s, tableName());
        ws.recordEvent(
          i % 2
            ? { type: 'company.updated', resource: resource(`c${i}`), previous: {} }
            : { type: 'company.created', resource: resource(`c${i}`) },
        );
        return commit(ws);
      }),
    );
    const stored = (await eventsOf(s)).sort((x, y) => x.seq_all - y.seq_all);
    expect(stored.map((i) => i.seq_all)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    for (let i = 1; i < stored.length; i++) expect(stored[i].created_at >= stored[i - 1].created_at).toBe(true);
    const counter = await db().send(new GetCommand({ TableName: tableName(), Key: eventCounterKey(s, 'ALL') }));
    expect(counter.Item?.seq).toBe(12);
  });

  it("refuses with the caller's own error when a guard fails, and writes nothing", async () => {
    const s = scope();
    const guard = { pk: `GUARD#${newId('company')}`, sk: 'G' };
    const first = new WriteSet(s, tableName()).put({ ...guard }, { condition: itemAbsent() });
    first.recordEvent({ type: 'company.created', resource: resource('a') });
    await commit(first);
    const second = new WriteSet(s, tableName()).put(
      { ...guard },
      { condition: itemAbsent(), onFailed: () => new ApiError('resource_already_exists', 'taken') },
    );
    second.recordEvent({ type: 'company.created', resource: resource('b') });
    await expect(commit(second)).rejects.toMatchObject({ code: 'resource_already_exists' });
    expect((await eventsOf(s)).length).toBe(1);
  });
});

describe('commit under injected faults', () => {
  it('sends a write that met a TransactionConflict (the real service raises them, DynamoDB Local never does) to pending, and retries a conflict there', async () => {
    const s = scope();
    const client = db();
    const realSend = client.send.bind(client) as (command: unknown) => Promise<unknown>;
    const conflict = () =>
      new TransactionCanceledException({
        message: 'conflict',
        $metadata: {},
        CancellationReasons: [{ Code: 'TransactionConflict' }, { Code: 'None' }],
      });
    const ddb = mockStore(client);
    ddb.onAnyCommand().callsFake(() => realSend(ddb.send.lastCall.args[0]));
    ddb
      .on(TransactWriteCommand)
      .rejectsOnce(conflict())
      .rejectsOnce(conflict())
      .callsFake(() => realSend(ddb.send.lastCall.args[0]));
    try {
      const ws = new WriteSet(s, tableName());
      ws.recordEvent({ type: 'company.created', resource: resource('x') });
      const committed = await commit(ws);
      // fast (conflict) → pending (conflict) → pending again → the drain that sequences it
      expect(ddb.commandCalls(TransactWriteCommand).length).toBe(4);
      expect(committed[0].seq.all).toBe(1);
    } finally {
      ddb.restore();
    }
    expect((await eventsOf(s)).length).toBe(1);
  });
});
