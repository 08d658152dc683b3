import { BatchWriteCommand, QueryCommand } from '../../lib/store/dynamodb';
import { requestLogIndexes } from '../../lib/store/keys';
import { db, tableName } from '../../lib/store/client';
import { useStackDatabase } from '../support/stack';
import { newId } from '../../lib/ids';
import { setClock } from '../../lib/clock';
import { requestLogItem } from '../../lib/store/entities/request-log-entry';
import { listRequestLogs, listRequestLogsQuery } from '../../lib/request-log/list';
import { unwrapSends, wrapSends } from '../../lib/aws/send-wrapper';
import { HOUR_MS } from '../../lib/store/utc-hours';
import { TTL_ATTRIBUTE } from '../../lib/store/table-definition';
import type { Scope } from '../../lib/scope';
import type { RequestLogRecord } from '../../lib/resources/request-log';

/**
 * GET /v1/requests in bounded work (docs/decisions.md, "Listing the log"): entries
 * are written straight into the table over several past hours, as the listing finds them, and the
 * listing is called in this process, its DynamoDB requests counted: `total` stays exact for every
 * filter and for edges inside an hour, a closed hour is counted once and never again, and once a log's
 * hours are counted a listing reads as many items over a log ten times larger.
 */
useStackDatabase();

// Half past an hour, so that the hour before is closed (lib/request-log/log-hours.ts, CLOSE_MARGIN_MS).
const NOW = Math.floor(Date.now() / HOUR_MS) * HOUR_MS + 30 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
let restoreClock: () => void;
beforeAll(() => {
  restoreClock = setClock(() => new Date(NOW));
});
afterAll(() => restoreClock());

const METHODS = ['GET', 'POST', 'POST', 'DELETE'];
const STATUSES = [200, 201, 400, 404, 404, 422, 500];
const PATHS = ['/v1/companies', '/v1/accounts', '/v1/companies/cmp_1', '/v1/__proto__'];

function entry(createdAt: number, i: number): RequestLogRecord {
  return {
    id: newId('request'),
    method: METHODS[i % METHODS.length],
    path: PATHS[(i * 7) % PATHS.length],
    query: {},
    status: STATUSES[(i * 3) % STATUSES.length],
    api_version: '2026-01-01',
    key_id: 'key_x',
    source_ip: '203.0.113.9',
    duration_ms: 3,
    created_at: new Date(createdAt).toISOString(),
    response_body: { ok: true },
  };
}

/** `perHour` entries in each of the hours `hoursBack` before NOW's hour, and `open` in NOW's hour before NOW. */
function logOf(hoursBack: number[], perHour: number, open = 0): RequestLogRecord[] {
  const thisHour = Math.floor(NOW / HOUR_MS) * HOUR_MS;
  const out: RequestLogRecord[] = [];
  let i = 0;
  for (const back of hoursBack) {
    for (let k = 0; k < perHour; k++) out.push(entry(thisHour - back * HOUR_MS + Math.floor((k * HOUR_MS) / perHour), i++));
  }
  for (let k = 0; k < open; k++) out.push(entry(thisHour + k * 1000, i++));
  return out;
}

async function write(scope: Scope, records: RequestLogRecord[], ttl?: (r: RequestLogRecord) => number) {
  const items = records.map((r) => ({ ...requestLogItem(scope, r), ...(ttl ? { [TTL_ATTRIBUTE]: ttl(r) } : {}) }));
  for (let i = 0; i < items.length; i += 25) {
    await db().send(
      new BatchWriteCommand({ RequestItems: { [tableName()]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }),
    );
  }
}

/**
 * What a listing asked of DynamoDB: its Queries; the entries they read, to count them (a COUNT, or
 * counting a closed hour) or for the page; the hours' counts read (on the table); the Queries that
 * counted closed hours; and its writes.
 */
interface Reads {
  queries: number;
  countedEntries: number;
  pagedEntries: number;
  hourItems: number;
  hourCountings: number;
  puts: number;
}
let reads: Reads | undefined;
beforeAll(() =>
  wrapSends(db(), 'request-log-listing-reads', async (command, next) => {
    const out = (await next()) as { ScannedCount?: number };
    if (reads && command.operation === 'Query') {
      reads.queries++;
      // Counting an hour projects what is counted (lib/store/entities/request-log-hour.ts).
      const countingHours = typeof command.input.ProjectionExpression === 'string';
      if (countingHours) reads.hourCountings++;
      if (!command.input.IndexName) reads.hourItems += out.ScannedCount ?? 0;
      else if (countingHours || command.input.Select === 'COUNT') reads.countedEntries += out.ScannedCount ?? 0;
      else reads.pagedEntries += out.ScannedCount ?? 0;
    }
    if (reads && command.operation === 'BatchWriteItem') reads.puts++;
    return out;
  }),
);
afterAll(() => unwrapSends(db(), 'request-log-listing-reads'));

async function list(scope: Scope, query: Record<string, string> = {}) {
  reads = { queries: 0, countedEntries: 0, pagedEntries: 0, hourItems: 0, hourCountings: 0, puts: 0 };
  const result = await listRequestLogs(scope, listRequestLogsQuery.parse(query));
  const counted = reads;
  reads = undefined;
  return { ...result, reads: counted };
}

/** The filters of the listing as a predicate, written here apart from lib/. */
function keeps(query: Record<string, string>) {
  return (r: RequestLogRecord) =>
    (query.status === undefined || r.status === Number(query.status)) &&
    (query['status[gte]'] === undefined || r.status >= Number(query['status[gte]'])) &&
    (query['status[lt]'] === undefined || r.status < Number(query['status[lt]'])) &&
    (query.method === undefined || r.method === query.method) &&
    (query.path === undefined || r.path === query.path) &&
    (query['created_at[gte]'] === undefined || r.created_at >= query['created_at[gte]']) &&
    (query['created_at[lt]'] === undefined || r.created_at < query['created_at[lt]']);
}

const at = (hoursBack: number, minutes: number) =>
  new Date(Math.floor(NOW / HOUR_MS) * HOUR_MS - hoursBack * HOUR_MS + minutes * 60 * 1000).toISOString();

describe('the request log listed in bounded work', () => {
  const scope: Scope = { partnerId: newId('partner'), mode: 'test' };
  const log = logOf([2, 3, 4, 5, 7], 40, 12);

  beforeAll(() => write(scope, log), 60_000);

  it('counts each closed hour once, on the first listing that needs it, and never again', async () => {
    const first = await list(scope);
    expect(first.page.total).toBe(log.length);
    expect(first.reads.hourCountings).toBeGreaterThan(0);
    for (const query of [{}, { status: '404' }, { path: '/v1/companies' }, { 'created_at[gte]': at(5, 20) }] as Record<string, string>[]) {
      const again = await list(scope, query);
      expect([query, again.reads.hourCountings, again.reads.puts]).toEqual([query, 0, 0]);
    }
  });

  const queries: Record<string, string>[] = [
    {},
    { status: '404' },
    { 'status[gte]': '400' },
    { 'status[lt]': '400' },
    { 'status[gte]': '400', 'status[lt]': '500' },
    { method: 'POST' },
    { method: 'DELETE', 'status[gte]': '400' },
    { path: '/v1/companies' },
    { path: '/v1/__proto__', status: '404' },
    { path: '/v1/never-logged' },
    { path: '/v1/companies/cmp_1', method: 'GET', 'status[lt]': '500' },
    // Edges inside an hour, on both sides, and inside one hour alone.
    { 'created_at[gte]': at(5, 20) },
    { 'created_at[lt]': at(2, 45) },
    { 'created_at[gte]': at(4, 10), 'created_at[lt]': at(2, 30), status: '404' },
    { 'created_at[gte]': at(3, 10), 'created_at[lt]': at(3, 50), method: 'POST' },
    { 'created_at[gte]': at(0, 0) },
    { 'created_at[lt]': at(7, 0) },
  ];
  for (const query of queries) {
    it(`gives the exact total, and every matching entry once over the pages: ${JSON.stringify(query)}`, async () => {
      const expected = log.filter(keeps(query));
      const seen: string[] = [];
      let page = await list(scope, { ...query, limit: '15' });
      expect(page.page.total).toBe(expected.length);
      seen.push(...page.items.map((i) => i.id));
      while (page.page.has_next_page) {
        page = await list(scope, { ...query, limit: '15', after: page.page.end_cursor! });
        expect(page.page.total).toBe(expected.length);
        seen.push(...page.items.map((i) => i.id));
      }
      const newestFirst = [...expected].sort((a, b) => (`${a.created_at}#${a.id}` < `${b.created_at}#${b.id}` ? 1 : -1));
      expect(seen).toEqual(newestFirst.map((r) => r.id));
    });
  }

  it('reads no hour that its counts say holds no match, for a selective filter', async () => {
    // Hour 6 holds nothing and hours 2, 3, 4, 5 and 7 hold no match of this filter: only the open hour is read.
    const rare = await list(scope, { path: '/v1/never-logged' });
    expect(rare.page.total).toBe(0);
    expect(rare.items).toEqual([]);
    expect(rare.page.start_cursor).toBeNull();
    // The open hour's 12 entries, counted once and read once for the page: none of the 200 of the closed hours.
    expect([rare.reads.countedEntries, rare.reads.pagedEntries]).toEqual([12, 12]);
  });
});

describe('a log ten times larger', () => {
  it('reads the same number of items to count it once its hours are counted, and a page reads what the page needs', async () => {
    const small: Scope = { partnerId: newId('partner'), mode: 'live' };
    const large: Scope = { partnerId: newId('partner'), mode: 'live' };
    const [smallLog, largeLog] = [logOf([2, 3, 4, 5, 6, 9], 10), logOf([2, 3, 4, 5, 6, 9], 100)];
    await write(small, smallLog);
    await write(large, largeLog);
    for (const scope of [small, large]) await list(scope);
    for (const query of [{}, { method: 'POST' }, { 'status[gte]': '400' }] as Record<string, string>[]) {
      const [a, b] = [await list(small, query), await list(large, query)];
      expect([a.page.total, b.page.total]).toEqual([smallLog.filter(keeps(query)).length, largeLog.filter(keeps(query)).length]);
      // No entry of the open tail: counting reads the hours' counts alone, as many for both.
      expect([query, b.reads.countedEntries, b.reads.hourItems]).toEqual([query, 0, a.reads.hourItems]);
      // A page of 25 (and one more, to know of a next page) reads 50 entries a request (lib/store/index-range.ts):
      // unfiltered one request, filtered (half or more of the entries match) at most two, at either size.
      const pageBound = Object.keys(query).length === 0 ? 50 : 100;
      expect([query, a.reads.pagedEntries <= pageBound, b.reads.pagedEntries <= pageBound]).toEqual([query, true, true]);
    }
  }, 60_000);
});

describe('entries written before expiries were whole hours', () => {
  it('keep the total exact while the oldest hour expires entry by entry', async () => {
    const scope: Scope = { partnerId: newId('partner'), mode: 'test' };
    // In the oldest hour still shown: one entry already expired under the old rule (7 days from its own
    // time), one expiring 10 minutes from now, and one written under the new rule.
    const oldest = [entry(NOW - 7 * DAY_MS - 10 * 60 * 1000, 1), entry(NOW - 7 * DAY_MS + 10 * 60 * 1000, 2)];
    await write(scope, oldest, (r) => Math.floor(Date.parse(r.created_at) / 1000) + 7 * 24 * 3600);
    await write(scope, [entry(NOW - 7 * DAY_MS + 20 * 60 * 1000, 3)]);
    expect((await list(scope)).page.total).toBe(2);
    const restore = setClock(() => new Date(NOW + 15 * 60 * 1000));
    try {
      expect((await list(scope)).page.total).toBe(1);
    } finally {
      restore();
    }
  });
});

describe("the log's index", () => {
  it('holds what choosing and counting entries reads, never their bodies; a page shows each entry whole, in order', async () => {
    const scope: Scope = { partnerId: newId('partner'), mode: 'test' };
    const records = logOf([2], 3, 2).map((r) => ({ ...r, request_body: { name: 'Acme LLC' }, response_body: { id: 'cmp_1' } }));
    await write(scope, records);
    const index = requestLogIndexes.all(scope);
    const { Items = [] } = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: index.index,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': `${index.index}pk` },
        ExpressionAttributeValues: { ':pk': index.pk },
      }),
    );
    expect(Items).toHaveLength(records.length);
    for (const item of Items) {
      expect(Object.keys(item).sort()).toEqual(['gsi5pk', 'gsi5sk', 'method', 'path', 'pk', 'sk', 'status', TTL_ATTRIBUTE].sort());
    }
    const listed = await list(scope);
    const newestFirst = [...records].sort((a, b) => b.created_at.localeCompare(a.created_at));
    expect(listed.items.map((i) => [i.id, i.request_body, i.response_body])).toEqual(
      newestFirst.map((r) => [r.id, { name: 'Acme LLC' }, { id: 'cmp_1' }]),
    );
  });
});
