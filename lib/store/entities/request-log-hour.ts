import { setTimeout as sleep } from 'node:timers/promises';
import { BatchWriteCommand } from '../dynamodb';
import type { Scope } from '../../scope';
import { db, tableName } from '../client';
import { requestLogHourKey, requestLogHoursPartition, requestLogIndexes } from '../keys';
import { TTL_ATTRIBUTE } from '../table-definition';
import { greaterThan } from '../expression';
import { defineEntity } from '../entity';
import { queryEvery, queryPagesOf } from '../query';
import { hourBounds, hourOfKey } from '../utc-hours';
import { requestLogExpiry } from './request-log-entry';

/**
 * The counts of one closed hour of a partner's request log in one mode (docs/decisions.md, "Listing
 * the log"): written by the first listing that needs the hour, and read by every later one instead
 * of the hour's entries. Its own module, as the entries' is: IAM grants its one write on `REQCNT#`
 * items alone (infra/aws/access/narrowed-modules.ts), so a listing writes nothing else.
 */
export interface RequestLogHour {
  hour: string;
  /** `[method, status, count]`: every entry of the hour. */
  counts: [string, number, number][];
  /** `[path, method, status, count]`: the entries of the paths kept (lib/request-log/hour-counts.ts); read only when asked for, absent when not read. */
  paths?: [string, string, number, number][];
  /** How many paths are kept in `paths`. */
  pathsKept: number;
  /** Every path of the hour is kept (a path not kept had no entry). */
  pathsComplete: boolean;
  /** The earliest expiry (epoch seconds) of the entries counted: an entry written before expiries were whole hours may go first. */
  firstExpiry?: number;
}

/** An hour's paths are an item of their own (sort key `P#<hour>`), read only by a listing filtered on a path: every other listing reads the small counts alone. */
const PATHS = 'P#';

/** The counts item of an hour as stored: JSON text, as the paths' (a caller's paths never become attribute names). */
interface StoredHourCounts {
  hour: string;
  counts: string;
  paths_kept: number;
  paths_complete: boolean;
  first_expiry?: number;
}

/** The paths item of an hour as stored. */
interface StoredHourPaths {
  hour: string;
  paths: string;
}

const expiryOf = (hour: string) => ({ [TTL_ATTRIBUTE]: requestLogExpiry(`${hour}:00:00.000Z`) });

const hourCountsEntity = defineEntity<StoredHourCounts, { [TTL_ATTRIBUTE]: number }>({
  name: 'request_log_hour',
  key: (scope, h) => requestLogHourKey(scope, h.hour),
  keyOnly: ['hour'],
  fromKey: (key) => ({ hour: key.sk }),
  extra: (h) => expiryOf(h.hour),
  internal: [TTL_ATTRIBUTE],
});

const hourPathsEntity = defineEntity<StoredHourPaths, { [TTL_ATTRIBUTE]: number }>({
  name: 'request_log_hour',
  key: (scope, h) => requestLogHourKey(scope, `${PATHS}${h.hour}`),
  keyOnly: ['hour'],
  fromKey: (key) => ({ hour: key.sk.slice(PATHS.length) }),
  extra: (h) => expiryOf(h.hour),
  internal: [TTL_ATTRIBUTE],
});

/**
 * The counted hours of a partner's log in one mode from `from` to `to` (inclusive) that have not
 * expired at `nowSeconds`, with their paths when `withPaths`: one Query (two, with paths).
 */
export async function requestLogHours(
  scope: Scope,
  from: string,
  to: string,
  nowSeconds: number,
  options: { withPaths: boolean },
): Promise<RequestLogHour[]> {
  const read = (prefix: string) =>
    queryEvery({
      partition: requestLogHoursPartition(scope),
      sortKey: { between: [`${prefix}${from}`, `${prefix}${to}`] },
      filter: hourCountsEntity.where.greaterThan(TTL_ATTRIBUTE, nowSeconds),
    });
  const [counts, paths] = await Promise.all([read(''), options.withPaths ? read(PATHS) : []]);
  const pathsOf = new Map(paths.map(hourPathsEntity.record).map((p) => [p.hour, JSON.parse(p.paths)]));
  return counts.map(hourCountsEntity.record).map((h) => ({
    hour: h.hour,
    counts: JSON.parse(h.counts),
    // Read beside its counts, the paths item may not show yet (an eventually consistent read): then absent.
    ...(pathsOf.has(h.hour) ? { paths: pathsOf.get(h.hour) } : {}),
    pathsKept: h.paths_kept,
    pathsComplete: h.paths_complete === true,
    ...(typeof h.first_expiry === 'number' ? { firstExpiry: h.first_expiry } : {}),
  }));
}

/**
 * Keeps the counts of closed hours: their paths first, then their counts, so that counts found always
 * have their paths. A closed hour's entries never change, so two listings racing on the same hour
 * write the same items, and the writes need no condition: 25 items per BatchWriteItem, sent together,
 * what DynamoDB leaves unprocessed sent again. Kept as JSON text: paths are a caller's, and never
 * become attribute names. They expire with the hour's entries.
 */
export async function putRequestLogHours(scope: Scope, hours: RequestLogHour[]): Promise<void> {
  await putAll(
    hours.filter((h) => h.pathsKept > 0).map((h) => hourPathsEntity.item(scope, { hour: h.hour, paths: JSON.stringify(h.paths ?? []) })),
  );
  await putAll(
    hours.map((h) =>
      hourCountsEntity.item(scope, {
        hour: h.hour,
        counts: JSON.stringify(h.counts),
        paths_kept: h.pathsKept,
        paths_complete: h.pathsComplete,
        ...(h.firstExpiry !== undefined ? { first_expiry: h.firstExpiry } : {}),
      }),
    ),
  );
}

/** Sent from this module itself, so that its grant stays on `REQCNT#` items (infra/aws/access/narrowed-modules.ts). */
async function putAll(items: Record<string, unknown>[]): Promise<void> {
  const batches = Array.from({ length: Math.ceil(items.length / 25) }, (_, i) => items.slice(i * 25, i * 25 + 25));
  await Promise.all(
    batches.map(async (batch) => {
      let requests: { PutRequest: { Item: Record<string, unknown> } }[] | undefined = batch.map((Item) => ({ PutRequest: { Item } }));
      for (let round = 0; requests?.length; round++) {
        if (round > 8) throw new Error('DynamoDB left the request log’s hour counts unprocessed');
        if (round > 0) await sleep(Math.min(1000, 50 * 2 ** round));
        const res = await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }));
        requests = res.UnprocessedItems?.[tableName()] as typeof requests;
      }
    }),
  );
}

/** An entry of the log as an hour's counts are made of it. */
export interface CountedEntry {
  hour: string;
  method: string;
  status: number;
  path: string;
  expiry: number;
}

/**
 * The entries of the hours from `from` to `to` (inclusive) still visible at `nowSeconds`, page after
 * page, each with only what the hours' counts are made of: one Query over the run of hours.
 */
export async function* requestLogEntriesOfHours(
  scope: Scope,
  from: string,
  to: string,
  nowSeconds: number,
): AsyncGenerator<CountedEntry[]> {
  const index = requestLogIndexes.all(scope);
  const sk = `${index.index}sk`;
  for await (const page of queryPagesOf({
    partition: index.pk,
    index: index.index,
    sortKey: { between: [hourBounds(from).gt, hourBounds(to).lt] },
    filter: greaterThan(TTL_ATTRIBUTE, nowSeconds),
    attributes: [sk, 'method', 'status', 'path', TTL_ATTRIBUTE],
  })) {
    yield page.items.map((i) => ({
      hour: hourOfKey(i[sk] as string),
      method: i.method as string,
      status: i.status as number,
      path: i.path as string,
      expiry: i[TTL_ATTRIBUTE] as number,
    }));
  }
}
