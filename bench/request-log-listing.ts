import { AsyncLocalStorage } from 'node:async_hooks';
import { BatchWriteCommand } from '../lib/store/dynamodb';
import { db, tableName } from '../lib/store/client';
import { wrapSends } from '../lib/aws/send-wrapper';
import { newId } from '../lib/ids';
import { requestLogItem } from '../lib/store/entities/request-log-entry';
import { listRequestLogs, listRequestLogsQuery } from '../lib/request-log/list';
import { countRange, keysetPage } from '../lib/paging/keyset-page';
import { requestLogIndexes } from '../lib/store/keys';
import { TTL_ATTRIBUTE } from '../lib/store/table-definition';
import { allOf, equals, greaterThan } from '../lib/store/expression';
import { HOUR_MS } from '../lib/store/utc-hours';
import type { Scope } from '../lib/scope';
import type { Bench, BenchRow } from './types';

const SMALL = 2_000;
const LARGE = 20_000;
/** Spread over the past 6 days, all in closed hours, and a few in the hour still open. */
const SPREAD_MS = 6 * 24 * HOUR_MS;
const OPEN = 20;

interface Tally {
  items: number;
  requests: number;
}
const tally = new AsyncLocalStorage<Tally>();
const WRAPPER = 'requestLogListingBench';

/** The items DynamoDB read (ScannedCount) and the requests made by `work` alone. */
async function counted<T>(work: () => Promise<T>): Promise<{ result: T; reads: Tally }> {
  const reads: Tally = { items: 0, requests: 0 };
  const result = await tally.run(reads, work);
  return { result, reads };
}

/**
 * GET /v1/requests' reads at 2,000 and at 20,000 logged requests (docs/decisions.md, "Listing the
 * log"): counts, not times. Before: the listing as it was before its bounded form (a page and a COUNT over the
 * whole filtered range, reproduced with the same helpers). After: the first listing, which counts the
 * closed hours once, and every later one.
 */
export const requestLogListingBench: Bench = async () => {
  wrapSends(db(), WRAPPER, async (_command, next) => {
    const reads = tally.getStore();
    const out = (await next()) as { ScannedCount?: number };
    if (reads) {
      reads.requests++;
      reads.items += out.ScannedCount ?? 0;
    }
    return out;
  });
  const rows: BenchRow[] = [];
  const logs = { small: await seeded(SMALL), large: await seeded(LARGE) };
  for (const [kind, query] of [
    ['unfiltered', {}],
    ['status=404', { status: '404' }],
  ] as const) {
    const figures = { small: {} as Record<string, Tally>, large: {} as Record<string, Tally> };
    for (const size of ['small', 'large'] as const) {
      const scope = logs[size];
      figures[size].before = (await counted(() => listedAsBefore(scope, query))).reads;
      // The first listing of a log counts its closed hours; the unfiltered kind runs first.
      if (kind === 'unfiltered')
        figures[size].first = (await counted(() => listRequestLogs(scope, listRequestLogsQuery.parse(query)))).reads;
      figures[size].later = (await counted(() => listRequestLogs(scope, listRequestLogsQuery.parse(query)))).reads;
    }
    for (const [when, label] of [
      ['before', 'before (a page and a COUNT over the whole range)'],
      ['first', 'the first listing (counts each closed hour once)'],
      ['later', 'every later listing'],
    ] as const) {
      const [s, l] = [figures.small[when], figures.large[when]];
      if (!s) continue;
      rows.push({
        name: `GET /v1/requests ${kind}, ${label}: items read at ${LARGE.toLocaleString('en')} logged requests`,
        value: l.items,
        unit: 'items',
        baseline: s.items,
        baselineName: `at ${SMALL.toLocaleString('en')}`,
        ratio: Math.round((l.items / Math.max(1, s.items)) * 100) / 100,
        note: `${l.requests} vs ${s.requests} DynamoDB requests; page of 25`,
      });
    }
  }
  return rows;
};

/** The listing as it read before its bounded form: a page, and a COUNT over the whole filtered range beside it. */
async function listedAsBefore(scope: Scope, query: { status?: string }) {
  const range = {
    ...requestLogIndexes.all(scope),
    filter: allOf(
      greaterThan(TTL_ATTRIBUTE, Math.floor(Date.now() / 1000)),
      ...(query.status ? [equals('status', Number(query.status))] : []),
    ),
  };
  return Promise.all([keysetPage(range, { listing: 'bench', limit: 25, descending: true }), countRange(range)]);
}

async function seeded(size: number): Promise<Scope> {
  const scope: Scope = { partnerId: newId('partner'), mode: 'test' };
  const thisHour = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
  const statuses = [200, 201, 400, 404, 422];
  const items = Array.from({ length: size }, (_, i) => {
    const createdAt = i < OPEN ? Date.now() - i * 10 : thisHour - SPREAD_MS + Math.floor((i * SPREAD_MS) / size);
    return requestLogItem(scope, {
      id: newId('request'),
      method: i % 3 ? 'POST' : 'GET',
      path: i % 2 ? '/v1/companies' : `/v1/companies/cmp_${i % 40}`,
      query: {},
      status: statuses[i % statuses.length],
      api_version: '2026-01-01',
      key_id: 'key_bench',
      source_ip: '203.0.113.9',
      duration_ms: 4,
      created_at: new Date(Math.min(createdAt, Date.now())).toISOString(),
      request_body: { name: 'x'.repeat(400) },
      response_body: { id: 'cmp_x', note: 'y'.repeat(400) },
    });
  });
  for (let i = 0; i < items.length; i += 25) {
    let requests = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    while (requests.length) {
      const res = await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }));
      requests = (res.UnprocessedItems?.[tableName()] ?? []) as typeof requests;
    }
  }
  return scope;
}
