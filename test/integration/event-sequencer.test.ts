import { wrapSends, unwrapSends } from '../../lib/aws/send-wrapper';
import { BatchWriteCommand, GetCommand, QueryCommand, TransactWriteCommand } from '../../lib/store/dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { mockStore } from '../support/aws-mock';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { useStackDatabase } from '../support/stack';
import { streamItems } from '../support/event-log';
import { stream } from '../../lib/events/listing/streams';
import { WriteSet } from '../../lib/store/write-set';
import { commit } from '../../lib/event-log/commit';
import { db, tableName } from '../../lib/store/client';
import { eventCounterKey, eventKey, eventSequencerLeaseKey, legacyEventCounterKey, pendingEventsPartition } from '../../lib/store/keys';
import { logItems } from '../../lib/event-log/event-item';
import { newId, randomBase62 } from '../../lib/ids';
import type { Scope } from '../../lib/scope';
import { listEvents } from '../../lib/events/listing/list-events';
import { listEventsQuery } from '../../lib/events/listing/list-events-query';
import { pendingItemsOf, type PendingItem } from '../../lib/event-log/sequencer/pending';
import { Lease } from '../../lib/event-log/sequencer/lease';
import { Drain } from '../../lib/event-log/sequencer/drain';
import { sequenceStragglers } from '../../lib/event-log/sequencer/backstop';
import { sequencerSettings } from '../../lib/event-log/sequencer/settings';
import { scopeSequencer } from '../../lib/event-log/sequencer/scope-sequencer';
import type { ApiEvent, CommittedEvent, PendingEvent } from '../../lib/store/event';
import { FANNED_OUT_ATTRIBUTE } from '../../lib/store/entities/event-fan-out';

/**
 * The event sequencer (lib/event-log/sequencer/, docs/decisions.md "The event log"): contended writes
 * commit their change with pending events and no counter; a drain under a fenced lease sequences
 * them; the backstop sequences what outlived its writer. What must hold whatever happens: every event
 * once, sequences dense in every stream, `page.total` exact, one write's events in its order.
 */
useStackDatabase();
const scope = (): Scope => ({ partnerId: newId('partner'), mode: 'test' });

const logOf = (s: Scope) => streamItems(stream.all(s));

async function pendingOf(s: Scope): Promise<PendingItem[]> {
  const out: PendingItem[] = [];
  for (let shard = 0; shard < sequencerSettings().pendingShards; shard++) {
    const res = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pendingEventsPartition(s, shard) },
        ConsistentRead: true,
      }),
    );
    out.push(...((res.Items ?? []) as PendingItem[]));
  }
  return out;
}

async function leaseOf(s: Scope) {
  return (await db().send(new GetCommand({ TableName: tableName(), Key: eventSequencerLeaseKey(s), ConsistentRead: true }))).Item;
}

/** A stream's counter as its item holds it (a company's are one item: `seq` and `types`); undefined: no such item. */
async function counter(s: Scope, name: string): Promise<number | undefined> {
  const item = (await db().send(new GetCommand({ TableName: tableName(), Key: eventCounterKey(s, name), ConsistentRead: true }))).Item;
  if (!item) return undefined;
  return name.startsWith('CT#') ? item.types?.[name.split('#').slice(2).join('#')] : item.seq;
}

/** Every stream's sequences are 1..n in log order, and its counter is n. */
async function expectDenseStreams(s: Scope, log: Record<string, any>[]) {
  expect(log.map((e) => e.seq_all)).toEqual(log.map((_, i) => i + 1));
  expect(await counter(s, 'ALL')).toBe(log.length);
  const streams = new Map<string, { attr: string; seqs: number[] }>();
  const add = (name: string, attr: string, seq: number) => {
    const stream = streams.get(name) ?? { attr, seqs: [] };
    stream.seqs.push(seq);
    streams.set(name, stream);
  };
  for (const e of log) {
    add(`T#${e.type}`, 'seq_type', e.seq_type);
    if (e.company_id) {
      add(`C#${e.company_id}`, 'seq_company', e.seq_company);
      add(`CT#${e.company_id}#${e.type}`, 'seq_company_type', e.seq_company_type);
    }
  }
  for (const [name, { seqs }] of streams) {
    expect({ name, seqs }).toEqual({ name, seqs: seqs.map((_, i) => i + 1) });
    expect({ name, counter: await counter(s, name) }).toEqual({ name, counter: seqs.length });
  }
  for (let i = 1; i < log.length; i++) expect(log[i].created_at >= log[i - 1].created_at).toBe(true);
}

/** A write of `n` events about one company, each a distinct snapshot so order is visible. */
function aWrite(s: Scope, companyId: string, n: number, tag: string): WriteSet {
  const ws = new WriteSet(s, tableName());
  ws.put({ pk: `TEST#${newId('company')}`, sk: 'X', entity: 'test', tag });
  for (let i = 0; i < n; i++)
    ws.recordEvent({
      type: i === 0 ? 'company.created' : 'company.updated',
      companyId,
      resource: { object: 'company', id: companyId, name: `${tag} ${i}` },
      ...(i === 0 ? {} : { previous: { name: `${tag} ${i - 1}` } }),
    });
  return ws;
}

/** What a writer killed right after its pending commit leaves behind: the change and its pending events, nothing sequenced. */
async function crashedWriter(
  s: Scope,
  events: PendingEvent[],
  pendingAt = Date.now(),
): Promise<{ ids: string[]; items: PendingItem[]; change: { pk: string; sk: string } }> {
  const ids = events.map(() => newId('event'));
  const items = pendingItemsOf(s, randomBase62(16), ids, events, pendingAt);
  const change = { pk: `TEST#${newId('company')}`, sk: 'X' };
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: tableName(), Item: { ...change, entity: 'test' } } },
        ...items.map((Item) => ({ Put: { TableName: tableName(), Item } })),
      ],
    }),
  );
  return { ids, items, change };
}

function streamRecordsOf(items: PendingItem[]): DynamoDBStreamEvent {
  return {
    Records: items.map((item, i) => ({
      eventName: 'INSERT',
      eventSource: 'aws:dynamodb',
      dynamodb: {
        NewImage: marshall(item, { removeUndefinedValues: true }) as never,
        SequenceNumber: String(i + 1),
        StreamViewType: 'NEW_IMAGE',
      },
    })),
  };
}

function restore(name: string, value: string | undefined) {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

const trial = (companyId: string, name: string): PendingEvent => ({
  type: 'company.created',
  companyId,
  resource: { object: 'company', id: companyId, name },
});

describe('a burst of writers on one partner+mode', () => {
  it('sequences every event once: dense in every stream, one write in its order, page.total exact for every filter', async () => {
    const s = scope();
    const companies = Array.from({ length: 4 }, () => newId('company'));
    const seenQueries = new Set<string>();
    wrapSends(db(), 'burstWatch', (command, next) => {
      const input = command.input as { ExpressionAttributeValues?: Record<string, unknown> };
      if (command.operation === 'Query') seenQueries.add(String(input.ExpressionAttributeValues?.[':pk']).split('#')[0]);
      return next();
    });
    let results: { tag: string; events: string[] }[];
    try {
      results = await Promise.all(
        Array.from({ length: 40 }, async (_, w) => {
          const tag = `w${w}`;
          const committed = await commit(aWrite(s, companies[w % companies.length], 1 + (w % 3), tag));
          return { tag, events: committed.map((c) => c.event.id) };
        }),
      );
    } finally {
      unwrapSends(db(), 'burstWatch');
    }
    // The burst went through the pending path (a drain read the pending partitions).
    expect(seenQueries.has('EVPEND')).toBe(true);
    const log = await logOf(s);
    const total = results.reduce((n, r) => n + r.events.length, 0);
    expect(log).toHaveLength(total);
    expect(new Set(log.map((e) => e.pk)).size).toBe(total);
    // Every writer was answered with its own events, as the log holds them.
    const byId = new Map(log.map((e) => [JSON.parse(e.payload).id as string, JSON.parse(e.payload)]));
    for (const r of results) {
      expect(r.events.every((id) => byId.has(id))).toBe(true);
      const names = r.events.map((id) => byId.get(id).data.object.name);
      expect(names).toEqual(names.map((_, i) => `${r.tag} ${i}`));
      const seqs = r.events.map((id) => log.find((e) => e.pk === eventKey(s, id).pk)!.seq_all);
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    }
    await expectDenseStreams(s, log);
    expect(await pendingOf(s)).toEqual([]);
    expect((await leaseOf(s))?.holder).toBeUndefined();

    // page.total equals a count of the walked log for every kind of filter.
    const events = log.map((e) => JSON.parse(e.payload));
    const middle = events[Math.floor(events.length / 2)].created_at;
    const filters: [Record<string, string>, (e: any) => boolean][] = [
      [{}, () => true],
      [{ type: 'company.updated' }, (e) => e.type === 'company.updated'],
      [{ company_id: companies[1] }, (e) => e.company_id === companies[1]],
      [
        { 'company_id[in]': `${companies[0]},${companies[2]}`, type: 'company.created' },
        (e) => [companies[0], companies[2]].includes(e.company_id) && e.type === 'company.created',
      ],
      [{ 'type[nin]': 'company.created' }, (e) => e.type !== 'company.created'],
      [{ 'company_id[nin]': companies[3] }, (e) => e.company_id !== companies[3]],
      [{ 'created_at[gte]': middle }, (e) => e.created_at >= middle],
      [{ 'created_at[lt]': middle, type: 'company.updated' }, (e) => e.created_at < middle && e.type === 'company.updated'],
    ];
    for (const [query, keeps] of filters) {
      const page = await listEvents(s, tableName(), listEventsQuery.parse({ ...query, limit: '100' }));
      expect({ query, total: page.page.total }).toEqual({ query, total: events.filter(keeps).length });
    }
  }, 120_000);

  it('a lost sequence race goes pending at once: the fast path is not tried again', async () => {
    const s = scope();
    const client = db();
    const realSend = client.send.bind(client) as (command: unknown) => Promise<unknown>;
    const conflict = () =>
      new TransactionCanceledException({
        message: 'conflict',
        $metadata: {},
        CancellationReasons: [{ Code: 'None' }, { Code: 'TransactionConflict' }, { Code: 'None' }],
      });
    const ddb = mockStore(client);
    ddb.onAnyCommand().callsFake(() => realSend(ddb.send.lastCall.args[0]));
    ddb
      .on(TransactWriteCommand)
      .rejectsOnce(conflict())
      .callsFake(() => realSend(ddb.send.lastCall.args[0]));
    let committed: CommittedEvent[] | undefined;
    try {
      committed = await commit(aWrite(s, newId('company'), 1, 'raced'));
      const transactions = ddb.commandCalls(TransactWriteCommand).map((c) => c.args[0].input.TransactItems ?? []);
      const kinds = transactions.map((items) => {
        const pks = items.map((i) => String(i.Put?.Item?.pk ?? i.Update?.Key?.pk ?? ''));
        return pks.some((pk) => pk.startsWith('EVPEND#'))
          ? 'pending'
          : pks.some((pk) => pk.startsWith('EVCNT#')) && pks.some((pk) => pk.startsWith('TEST#'))
            ? 'fast'
            : 'drain';
      });
      expect(kinds).toEqual(['fast', 'pending', 'drain']);
    } finally {
      ddb.restore();
    }
    expect(committed).toHaveLength(1);
    expect((await logOf(s)).map((e) => JSON.parse(e.payload).id)).toEqual([committed[0].event.id]);
    // The process now sends this partner+mode's writes to pending directly, for a while.
    expect(scopeSequencer(s, tableName()).contended()).toBe(true);
  });

  it('drains through injected TransactionConflicts and throttling: nothing lost, nothing doubled', async () => {
    const s = scope();
    const client = db();
    const realSend = client.send.bind(client) as (command: unknown) => Promise<unknown>;
    let n = 0;
    const ddb = mockStore(client);
    ddb.onAnyCommand().callsFake(() => realSend(ddb.send.lastCall.args[0]));
    ddb.on(TransactWriteCommand).callsFake((input) => {
      const command = ddb.send.lastCall.args[0];
      // Every third transaction (fast, pending or drain) is refused for a passing reason.
      if (++n % 3 === 0) {
        const items = input.TransactItems.length;
        const code = n % 2 ? 'TransactionConflict' : 'ThrottlingError';
        return Promise.reject(
          new TransactionCanceledException({
            message: 'cancelled',
            $metadata: {},
            CancellationReasons: Array.from({ length: items }, (_, i) => ({ Code: i === items - 1 ? code : 'None' })),
          }),
        );
      }
      return realSend(command);
    });
    try {
      const results = await Promise.all(Array.from({ length: 16 }, (_, w) => commit(aWrite(s, newId('company'), 2, `f${w}`))));
      expect(results.every((r) => r.length === 2)).toBe(true);
    } finally {
      ddb.restore();
    }
    const log = await logOf(s);
    expect(log).toHaveLength(32);
    await expectDenseStreams(s, log);
    expect(await pendingOf(s)).toEqual([]);
  }, 60_000);
});

describe('where counters live', () => {
  it("a company's counters kept beside the partner's (before they had a partition of their own) are gone on from", async () => {
    const s = scope();
    const company = newId('company');
    // An old log: five events of the company, its counters at their old keys.
    const at = Date.now() - 60_000;
    const old = Array.from(
      { length: 5 },
      (_, i) =>
        ({
          object: 'event',
          id: newId('event'),
          type: i % 2 ? 'company.updated' : 'company.created',
          company_id: company,
          data: { object: { object: 'company', id: company, name: `old ${i}` } },
          livemode: false,
          timestamp: new Date(at + i).toISOString(),
          created_at: new Date(at + i).toISOString(),
        }) as ApiEvent,
    );
    // Its counters one item per stream beside the partner's, as they were kept before.
    const items = logItems(s, old).flatMap((item) => {
      if (item.sk !== 'C') return [item];
      const types = item.types as Record<string, number>;
      return [
        { ...legacyEventCounterKey(s, `C#${company}`), seq: item.seq },
        ...Object.entries(types).map(([type, seq]) => ({ ...legacyEventCounterKey(s, `CT#${company}#${type}`), seq })),
      ];
    });
    await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: items.map((Item) => ({ PutRequest: { Item } })) } }));
    expect(await counter(s, `C#${company}`)).toBeUndefined();

    const [next] = await commit(aWrite(s, company, 1, 'new'));
    // Three company.created and two company.updated before it: it is the fourth company.created.
    expect(next.seq).toEqual({ all: 6, type: 4, company: 6, companyType: 4 });
    expect(await counter(s, `C#${company}`)).toBe(6);
    expect(await counter(s, `CT#${company}#company.created`)).toBe(4);
    const total = async (query: Record<string, string>) => (await listEvents(s, tableName(), listEventsQuery.parse(query))).page.total;
    expect(await total({ company_id: company })).toBe(6);
    expect(await total({ company_id: company, type: 'company.created' })).toBe(4);
    expect(await total({ company_id: company, type: 'company.updated' })).toBe(2);
  });
});

describe("a drain's guess that a company is new", () => {
  it('is never made for a company whose counters it holds: a type stream it has not seen is read, not taken for empty', async () => {
    const s = scope();
    const company = newId('company');
    // The fast path starts the company's streams, its company.updated stream among them.
    await commit(aWrite(s, company, 2, 'fast'));
    const lease = new Lease(s, tableName(), 60_000);
    expect(await lease.acquire()).toBe(true);
    const drain = new Drain(s, tableName(), lease);
    const drainAll = async () => {
      for (let i = 0; i < 6 && !(await drain.step()).idle; i++);
    };
    // The drain comes to hold the company's counters from a batch with a company.created alone (its
    // guess that the company is new fails its condition and it reads them)...
    await crashedWriter(s, [trial(company, 'a')]);
    await drainAll();
    // ...then a batch opening with a company.created again (as a write that re-sends a snapshot may),
    // with a company.updated, a stream of the company it has not seen: one event in it already, not none.
    await crashedWriter(s, [trial(company, 'b'), { ...trial(company, 'c'), type: 'company.updated' }]);
    await drainAll();
    await drain.finish();
    await lease.release(true);
    const log = await logOf(s);
    expect(log.map((e) => JSON.parse(e.payload).data.object.name)).toEqual(['fast 0', 'fast 1', 'a', 'b', 'c']);
    await expectDenseStreams(s, log);
  });
});

describe('the lease', () => {
  it('fences a drain that lost it: it commits nothing, the new holder sequences everything once', async () => {
    const s = scope();
    const company = newId('company');
    const { ids } = await crashedWriter(s, [trial(company, 'a'), trial(company, 'b')]);
    // A holds the lease but "stalls" past its expiry (a lease of -1 ms is expired at once); B takes over.
    const stale = new Lease(s, tableName(), -1);
    expect(await stale.acquire()).toBe(true);
    const fresh = new Lease(s, tableName(), 60_000);
    expect(await fresh.acquire()).toBe(true);
    const stalled = await new Drain(s, tableName(), stale).step();
    expect(stalled).toMatchObject({ lost: true, committed: [] });
    expect(await logOf(s)).toEqual([]);
    // While B holds it, nobody else gets it.
    expect(await new Lease(s, tableName(), 60_000).acquire()).toBe(false);
    const drain = new Drain(s, tableName(), fresh);
    const step = await drain.step();
    expect(step.committed.map((c) => c.event.id)).toEqual(ids);
    expect((await drain.step()).idle).toBe(true);
    await drain.finish();
    await fresh.release(true);
    expect((await leaseOf(s))?.holder).toBeUndefined();
    const log = await logOf(s);
    expect(log.map((e) => JSON.parse(e.payload).id)).toEqual(ids);
    await expectDenseStreams(s, log);
  });

  it('a writer that gave up waiting is not overtaken: later writes queue behind its events', async () => {
    const s = scope();
    const company = newId('company');
    const other = new Lease(s, tableName(), 60_000);
    expect(await other.acquire()).toBe(true); // a drain elsewhere holds the log and is slow
    const saved = { wait: process.env.EVENT_WAIT_MS, contended: process.env.EVENT_CONTENDED_MS };
    // A short wait, and no memory of contention in this process: only the lease keeps order.
    process.env.EVENT_WAIT_MS = '50';
    process.env.EVENT_CONTENDED_MS = '1';
    let first: CommittedEvent[] | undefined;
    let second: CommittedEvent[] | undefined;
    try {
      first = await commit(aWrite(s, company, 2, 'first'));
      // Answered without its events (the change stands; they are pending).
      expect(first).toEqual([]);
      expect(await pendingOf(s)).toHaveLength(2);
      // The holder goes away without finishing (its lease left expired, holder in place).
      await other.release(false);
      await scopeSequencer(s, tableName()).idle();
      restore('EVENT_WAIT_MS', saved.wait);
      second = await commit(aWrite(s, company, 1, 'second'));
    } finally {
      restore('EVENT_WAIT_MS', saved.wait);
      restore('EVENT_CONTENDED_MS', saved.contended);
    }
    expect(second).toHaveLength(1);
    const names = (await logOf(s)).map((e) => JSON.parse(e.payload).data.object.name);
    expect(names).toEqual(['first 0', 'first 1', 'second 0']);
    expect(await pendingOf(s)).toEqual([]);
  });
});

describe('crashes', () => {
  it('a writer killed after its pending commit: the backstop sequences its events', async () => {
    const s = scope();
    const company = newId('company');
    const { ids, items, change } = await crashedWriter(
      s,
      [trial(company, 'x'), { ...trial(company, 'y'), type: 'company.updated', timestamp: '2026-01-01T00:00:00.000Z' }],
      Date.now() - 60_000,
    );
    expect(await logOf(s)).toEqual([]);
    // The stream gives the backstop the pending inserts; they are older than every writer's wait.
    const outcome = await sequenceStragglers(streamRecordsOf(items));
    expect(outcome).toEqual({ scopes: 1, drained: 2 });
    const log = await logOf(s);
    expect(log.map((e) => JSON.parse(e.payload).id)).toEqual(ids);
    expect(JSON.parse(log[1].payload).timestamp).toBe('2026-01-01T00:00:00.000Z');
    await expectDenseStreams(s, log);
    expect(await pendingOf(s)).toEqual([]);
    expect((await db().send(new GetCommand({ TableName: tableName(), Key: change }))).Item).toBeDefined();
    expect((await leaseOf(s))?.holder).toBeUndefined();
    // Given the same records again (the stream retries a batch), it finds nothing left to do.
    expect(await sequenceStragglers(streamRecordsOf(items))).toEqual({ scopes: 1, drained: 0 });
  });

  it('the backstop finds nothing to do when the writer sequenced its events meanwhile', async () => {
    const s = scope();
    const saved = process.env.EVENT_BACKSTOP_AFTER_MS;
    process.env.EVENT_BACKSTOP_AFTER_MS = '1';
    try {
      const writerA = await crashedWriter(s, [trial(newId('company'), 'old')], Date.now() - 1_000);
      // Sequenced meanwhile by its own writer's drain: nothing left that old, nothing drained.
      const lease = new Lease(s, tableName(), 60_000);
      await lease.acquire();
      const drain = new Drain(s, tableName(), lease);
      await drain.step();
      await drain.finish();
      await lease.release(true);
      expect(await sequenceStragglers(streamRecordsOf(writerA.items))).toEqual({ scopes: 1, drained: 0 });
    } finally {
      restore('EVENT_BACKSTOP_AFTER_MS', saved);
    }
  });

  it('a drain killed between its commit and its deletes: the next drain finds the events sequenced and writes nothing twice', async () => {
    const s = scope();
    const company = newId('company');
    const { ids, items } = await crashedWriter(s, [trial(company, 'p'), trial(company, 'q'), trial(company, 'r')]);
    const lease = new Lease(s, tableName(), 60_000);
    await lease.acquire();
    const drain = new Drain(s, tableName(), lease);
    expect((await drain.step()).committed).toHaveLength(3);
    await drain.finish();
    await lease.release(false); // it "died": no clean release
    // Its deletes never happened: the pending items are back.
    await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: items.map((Item) => ({ PutRequest: { Item } })) } }));
    // The stack's fan-out marks each event it handed to its lanes meanwhile (fanned_out_at): not the sequencer's write.
    const unmarked = (items: Awaited<ReturnType<typeof logOf>>) => items.map(({ [FANNED_OUT_ATTRIBUTE]: _, ...item }) => item);
    const before = unmarked(await logOf(s));

    const next = new Lease(s, tableName(), 60_000);
    expect(await next.acquire()).toBe(true); // the dead holder's lease was left expired
    const again = new Drain(s, tableName(), next);
    const step = await again.step();
    expect(step.committed).toEqual([]);
    expect(step.found.sort()).toEqual([...ids].sort());
    expect((await again.step()).idle).toBe(true);
    await again.finish();
    await next.release(true);
    expect(unmarked(await logOf(s))).toEqual(before);
    expect(await counter(s, 'ALL')).toBe(3);
    expect(await pendingOf(s)).toEqual([]);
  });
});
