import { BatchWriteCommand } from '../../lib/store/dynamodb';
import { useStackDatabase } from '../support/stack';
import { db, tableName } from '../../lib/store/client';
import { newId } from '../../lib/ids';
import { logItems } from '../../lib/event-log/event-item';
import { listEvents } from '../../lib/events/listing/list-events';
import { listEventsQuery } from '../../lib/events/listing/list-events-query';
import type { ApiEvent } from '../../lib/store/event';
import type { Scope } from '../../lib/scope';
import { indexShards } from '../../lib/event-log/index-shards';

useStackDatabase();

/** A small deterministic generator, so a failure names a reproducible case. */
function rng(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(xs: T[]) => xs[Math.floor(next() * xs.length)] };
}

const TYPES = ['company.created', 'company.updated', 'service_order.status.changed', 'service_order.completed', 'invoice.finalized'];
const COMPANIES = Array.from({ length: 6 }, () => newId('company'));
const scope: Scope = { partnerId: newId('partner'), mode: 'test' };
const r = rng(20261122);
let log: ApiEvent[] = [];

beforeAll(async () => {
  let at = Date.parse('2026-01-01T00:00:00.000Z');
  log = Array.from({ length: 120 }, () => {
    // A quarter of the events share their millisecond with the one before (a drain's batch, one
    // transaction's events): ties that every listing orders by seq_all.
    at += r.int(4) === 0 ? 0 : 1 + r.int(5000);
    const type = r.pick(TYPES);
    const companyId = type === 'invoice.finalized' ? undefined : r.pick(COMPANIES);
    const created = new Date(at).toISOString();
    return {
      object: 'event',
      id: newId('event'),
      type,
      ...(companyId ? { company_id: companyId } : {}),
      data: { object: { object: 'thing', id: 'x' } },
      livemode: false,
      timestamp: created,
      created_at: created,
    } as ApiEvent;
  });
  const items = logItems(scope, log);
  for (let i = 0; i < items.length; i += 25) {
    await db().send(
      new BatchWriteCommand({ RequestItems: { [tableName()]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }),
    );
  }
}, 60_000);

/** A random listing query and the predicate that says, independently of lib/, which events it keeps. */
function randomQuery(): { query: Record<string, string>; keep: (e: ApiEvent) => boolean; desc: boolean } {
  const query: Record<string, string> = {};
  const keeps: ((e: ApiEvent) => boolean)[] = [];
  const some = <T>(xs: T[], max: number) => [...new Set(Array.from({ length: 1 + r.int(max) }, () => r.pick(xs)))];
  const typeForm = r.int(5);
  if (typeForm === 1) {
    query.type = r.pick(TYPES);
    keeps.push((e) => e.type === query.type);
  }
  if (typeForm === 2) {
    const v = some(TYPES, 3);
    query['type[in]'] = v.join(',');
    keeps.push((e) => v.includes(e.type));
  }
  if (typeForm === 3) {
    const v = some(TYPES, 2);
    query['type[nin]'] = v.join(',');
    keeps.push((e) => !v.includes(e.type));
  }
  const companyForm = r.int(5);
  if (companyForm === 1) {
    query['company_id[eq]'] = r.pick(COMPANIES);
    keeps.push((e) => e.company_id === query['company_id[eq]']);
  }
  if (companyForm === 2) {
    const v = some(COMPANIES, 3);
    query['company_id[in]'] = v.join(',');
    keeps.push((e) => e.company_id !== undefined && v.includes(e.company_id));
  }
  if (companyForm === 3) {
    const v = some(COMPANIES, 3);
    query['company_id[nin]'] = v.join(',');
    keeps.push((e) => e.company_id === undefined || !v.includes(e.company_id));
  }
  const t = () => Date.parse(r.pick(log).created_at) + r.pick([-1, 0, 0, 1]);
  const iso = (ms: number) => new Date(ms).toISOString();
  for (const op of ['gt', 'gte', 'lt', 'lte'] as const) {
    if (r.int(4) !== 0) continue;
    const bound = t();
    query[`created_at[${op}]`] = iso(bound);
    const cmp = {
      gt: (x: number) => x > bound,
      gte: (x: number) => x >= bound,
      lt: (x: number) => x < bound,
      lte: (x: number) => x <= bound,
    }[op];
    keeps.push((e) => cmp(Date.parse(e.created_at)));
  }
  if (r.int(12) === 0) {
    const exact = r.pick(log).created_at;
    query.created_at = exact;
    keeps.push((e) => e.created_at === exact);
  }
  const desc = r.int(2) === 0;
  if (!desc) query.sort = 'created_at';
  query.limit = String(8 + r.int(33));
  return { query, keep: (e) => keeps.every((k) => k(e)), desc };
}

const page = (query: Record<string, string>) => listEvents(scope, tableName(), listEventsQuery.parse(query));

describe('the log as stored', () => {
  it('spreads the partner stream and each type stream over their index shards, and has ties', async () => {
    const items = logItems(scope, log).filter((i) => i.entity === 'event');
    const shards = indexShards();
    expect(shards).toBeGreaterThan(1); // the test stack writes sharded logs (jest.config.js)
    expect(new Set(items.map((i) => i.gsi1pk)).size).toBe(shards);
    expect(new Set(items.filter((i) => i.type === 'company.created').map((i) => i.gsi2pk)).size).toBe(shards);
    expect(new Set(items.filter((i) => i.company_id === COMPANIES[0]).map((i) => i.gsi3pk)).size).toBe(1);
    expect(new Set(log.map((e) => e.created_at)).size).toBeLessThan(log.length);
  });
});

describe('GET /events against a brute-force reading of the same log', () => {
  it.each(Array.from({ length: 20 }, (_, i) => i))(
    'random listing #%i: every page forward and back, flags and total',
    async () => {
      const { query, keep, desc } = randomQuery();
      const expected = log.filter(keep).map((e) => e.id);
      if (desc) expected.reverse();
      const context = JSON.stringify(query);

      const forward: string[] = [];
      let res = await page(query);
      const first = res;
      expect({ context, has_prev: res.page.has_prev_page }).toEqual({ context, has_prev: false });
      for (;;) {
        expect({ context, total: res.page.total }).toEqual({ context, total: expected.length });
        forward.push(...res.items.map((e) => e.id));
        if (!res.page.has_next_page) break;
        res = await page({ ...query, after: res.page.end_cursor! });
        expect(res.page.has_prev_page).toBe(true);
      }
      expect({ context, ids: forward }).toEqual({ context, ids: expected });

      // Back from the last page to the first with before.
      const backward: string[][] = [res.items.map((e) => e.id)];
      while (res.page.has_prev_page) {
        res = await page({ ...query, before: res.page.start_cursor! });
        expect(res.page.has_next_page).toBe(true);
        backward.unshift(res.items.map((e) => e.id));
      }
      expect({ context, ids: backward.flat() }).toEqual({ context, ids: expected });
      expect(backward[0]).toEqual(first.items.map((e) => e.id));
    },
    120_000,
  );
});
