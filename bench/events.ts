import { BatchWriteCommand } from '../lib/store/dynamodb';
import { db, tableName } from '../lib/store/client';
import { createPartner } from '../lib/partners/partner';
import { issueApiKey } from '../lib/auth/api-key';
import { newId } from '../lib/ids';
import type { Scope } from '../lib/scope';
import type { ApiEvent } from '../lib/store/event';
import { logItems } from '../lib/event-log/event-item';
import { listEventsQuery } from '../lib/events/listing/list-events-query';
import { eventCursor, listEvents } from '../lib/events/listing/list-events';
import { eventFilterOf } from '../lib/events/listing/event-filter';
import { ReadMeter } from '../lib/events/listing/read-meter';
import { inBatches } from '../lib/events/listing/count-events';
import { performance } from 'node:perf_hooks';
import { percentile, round, timeSequential } from './stats';
import type { Bench, BenchRow } from './types';

const SMALL = 1_000;
const LARGE = 100_000;
/** Events per company, the same in both logs, so a company's stream is as long in either. */
const EVENTS_PER_COMPANY = 20;
const TYPES = [
  'company.created',
  'company.status.changed',
  'company.verified',
  'company.updated',
  'company.entitlements.changed',
  'service_order.status.changed',
  'service_order.completed',
  'requirement.created',
  'requirement.fulfilled',
  'invoice.finalized',
];
const SPACING_MS = 1_000;

/**
 * The event log's cost at 1,000 and at 100,000 events: page latency over HTTP and read
 * capacity of the same listing (every DynamoDB read of the page and its total, summed from
 * ReturnConsumedCapacity), per filter kind, the large log's figure over the small one's.
 *
 * Seeding: committing 100,000 events one transaction at a time takes many minutes on DynamoDB Local,
 * so both logs are written with BatchWriteItem of items made by the commit path's own builder
 * (lib/event-log/event-item.ts), with the dense sequences and counter items the commit path would have
 * left: the listing cannot tell them apart.
 */
export const eventsBench: Bench = async ({ credentials }) => {
  const small = await seededLog(SMALL);
  const large = await seededLog(LARGE);
  const base = credentials.base_url;
  const rows: BenchRow[] = [];
  const kinds: [string, (log: SeededLog) => Record<string, string> | Promise<Record<string, string>>][] = [
    ['unfiltered', () => ({})],
    [
      'unfiltered, deep page (after a cursor half-way down the log)',
      async (log) => ({ after: await eventCursor(log.scope, eventFilterOf({}), log.middle.created_at, log.middle.seq) }),
    ],
    ['type[in]', () => ({ 'type[in]': 'company.updated,requirement.created' })],
    ['company_id', (log) => ({ company_id: log.middleCompany })],
    ['created_at[gte]', (log) => ({ 'created_at[gte]': new Date(log.newestMs - 5 * 60_000).toISOString(), sort: 'created_at' })],
  ];
  // Warm the whole path (JIT, sockets, DynamoDB Local) on both logs first, so neither size is
  // measured cold.
  for (const log of [small, large, small, large]) {
    await timeSequential(
      50,
      () => fetch(`${base}/events`, { headers: { Authorization: `Bearer ${log.key}` } }).then((r) => r.arrayBuffer()),
      0,
    );
  }
  for (const [kind, queryOf] of kinds) {
    // The query is made once per log, before the timing (a cursor is signed with the run-time key).
    const queries = new Map<SeededLog, Record<string, string>>([
      [small, await queryOf(small)],
      [large, await queryOf(large)],
    ]);
    const request = (log: SeededLog) => () =>
      fetch(`${base}/events?${new URLSearchParams(queries.get(log))}`, { headers: { Authorization: `Bearer ${log.key}` } }).then((r) =>
        r.arrayBuffer(),
      );
    // Interleaved, so both sizes meet the same load on a shared machine.
    const times = { small: [] as number[], large: [] as number[] };
    for (let i = 0; i < 120; i++) {
      for (const [name, log] of [
        ['small', small],
        ['large', large],
      ] as const) {
        const t = performance.now();
        await request(log)();
        if (i >= 20) times[name].push(performance.now() - t);
      }
    }
    const cost = async (log: SeededLog) => {
      const meter = new ReadMeter();
      const page = await listEvents(log.scope, tableName(), listEventsQuery.parse(queryOf(log)), meter);
      return { capacity: meter.capacityUnits, requests: meter.requests, items: page.items.length, total: page.page.total };
    };
    const s = { ...(await cost(small)), p50: percentile(times.small, 50) };
    const l = { ...(await cost(large)), p50: percentile(times.large, 50) };
    const note = `page of ${l.items} (total ${l.total}) vs ${s.items} (total ${s.total}); ${l.requests} vs ${s.requests} DynamoDB requests; goal ratio ≤ 1.3`;
    rows.push({
      name: `GET /events ${kind}: page p50 at ${LARGE.toLocaleString('en')} events`,
      value: round(l.p50),
      unit: 'ms',
      baseline: round(s.p50),
      baselineName: `at ${SMALL.toLocaleString('en')}`,
      ratio: round(l.p50 / s.p50),
      note,
    });
    rows.push({
      name: `GET /events ${kind}: read capacity per page at ${LARGE.toLocaleString('en')} events`,
      value: round(l.capacity),
      unit: 'RCU',
      baseline: round(s.capacity),
      baselineName: `at ${SMALL.toLocaleString('en')}`,
      ratio: round(l.capacity / s.capacity),
      note,
    });
  }
  return rows;
};

interface SeededLog {
  scope: Scope;
  key: string;
  newestMs: number;
  middleCompany: string;
  middle: { seq: number; created_at: string };
}

async function seededLog(size: number): Promise<SeededLog> {
  const partner = await createPartner({ name: `Bench log of ${size}`, ownerEmail: `bench-${size}@events.test` });
  const { secret } = await issueApiKey({ partnerId: partner.id, mode: 'test', rateLimit: { burst: 1_000_000, sustained: 100_000_000 } });
  const scope: Scope = { partnerId: partner.id, mode: 'test' };
  const companies = Array.from({ length: Math.ceil(size / EVENTS_PER_COMPANY) }, () => newId('company'));
  const newestMs = Date.now();
  const oldestMs = newestMs - (size - 1) * SPACING_MS;
  const events: ApiEvent[] = [];
  let middle = { seq: 0, created_at: '' };
  for (let i = 0; i < size; i++) {
    const type = TYPES[i % TYPES.length];
    const companyId = type === 'invoice.finalized' ? undefined : companies[i % companies.length];
    const createdAt = new Date(oldestMs + i * SPACING_MS).toISOString();
    const event: ApiEvent = {
      object: 'event',
      id: newId('event'),
      type,
      ...(companyId ? { company_id: companyId } : {}),
      data: { object: snapshot(type, companyId, i) },
      livemode: false,
      timestamp: createdAt,
      created_at: createdAt,
    };
    if (i === Math.floor(size / 2)) middle = { seq: i + 1, created_at: createdAt };
    events.push(event);
  }
  const items = logItems(scope, events);
  const batches: Record<string, unknown>[][] = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  await inBatches(batches, 8, async (batch) => {
    let requests = batch.map((Item) => ({ PutRequest: { Item } }));
    while (requests.length) {
      const res = await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }));
      requests = (res.UnprocessedItems?.[tableName()] ?? []) as typeof requests;
    }
  });
  return { scope, key: secret, newestMs, middleCompany: companies[Math.floor(companies.length / 2)], middle };
}

/** A resource snapshot of a realistic size (about 1 KB) for the event's type. */
function snapshot(type: string, companyId: string | undefined, i: number): ApiEvent['data']['object'] {
  if (type === 'invoice.finalized')
    return {
      object: 'invoice',
      id: `in_${i}`,
      amount_due: 12_900,
      amount_paid: 0,
      currency: 'usd',
      status: 'open',
      created_at: new Date().toISOString(),
    };
  return {
    object: 'company',
    id: companyId!,
    account_id: 'acct_' + 'A'.repeat(22),
    livemode: false,
    name: `Bench Company ${i}`,
    state: 'DE',
    entity_type: 'llc',
    status: 'in_progress',
    stage: 'submitted_to_state',
    verification: 'verified',
    metadata: { note: 'x'.repeat(600) },
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
  };
}
