import type { Scope } from '../scope';
import { hourBounds, hourOf, hourOfKey, nextHour } from '../store/utc-hours';
import { REQUEST_LOG_RETENTION_SECONDS } from '../store/entities/request-log-entry';
import { putRequestLogHours, requestLogEntriesOfHours, requestLogHours, type RequestLogHour } from '../store/entities/request-log-hour';
import { countHours, type EntryFilter, matchesInHour } from './hour-counts';

/**
 * An hour is closed once it ended this long ago: an entry is stamped when its request arrives and
 * written when the answer is known, at most a function's timeout later (60 s at the longest,
 * infra/aws/partner-api-stack.ts), and then shows in the log's index within a second. Five minutes
 * leave room for all of it: no entry joins a closed hour, so its counts never change.
 */
export const CLOSE_MARGIN_MS = 5 * 60 * 1000;

/**
 * Hours without counts are counted by one Query per run of at most this many, at most this many runs
 * at once, each run's counts kept as soon as it is counted: a week of a busy log that one listing
 * cannot count before its function's timeout is counted over the next listings, never started again.
 */
const HOURS_PER_COUNT = 12;
const COUNTS_AT_ONCE = 4;

/**
 * A stretch of a listing's range, as exclusive sort-key bounds: a whole closed hour (`hour`), whose
 * matches its counts give, or an edge of the range inside an hour, or the open tail (the hours not
 * closed yet), whose matches are counted.
 */
export interface Piece {
  gt: string;
  lt?: string;
  hour?: string;
}

/**
 * The pieces of a range of the log, oldest first, at `now` (epoch ms). The log shows whole hours
 * (lib/store/entities/request-log-entry.ts): the range starts at the oldest hour still shown. Empty
 * when the range holds nothing.
 */
export function piecesOf(range: { gt?: string; lt?: string }, now: number): Piece[] {
  const oldest = hourOf(now - REQUEST_LOG_RETENTION_SECONDS * 1000);
  const lo = range.gt === undefined || range.gt < oldest ? oldest : range.gt;
  const hi = range.lt;
  if (hi !== undefined && lo >= hi) return [];
  const firstOpen = hourOf(now - CLOSE_MARGIN_MS);
  const pieces: Piece[] = [];
  for (let hour = hourOfKey(lo); hour < firstOpen && (hi === undefined || hour < hi); hour = nextHour(hour)) {
    const whole = hourBounds(hour);
    const gt = laterOf(lo, whole.gt);
    const lt = hi !== undefined && hi < whole.lt ? hi : whole.lt;
    if (gt >= lt) continue;
    pieces.push(gt === whole.gt && lt === whole.lt ? { gt, lt, hour } : { gt, lt });
  }
  const tail = laterOf(lo, firstOpen);
  if (hi === undefined || tail < hi) pieces.push({ gt: tail, lt: hi });
  return pieces;
}

/** The later of two sort-key bounds (strings: Math.max compares numbers). */
const laterOf = (a: string, b: string) => [a, b].sort()[1];

/** Runs of consecutive pieces that `keep` keeps, each as one range (no key lies between two consecutive pieces). */
export function runsOf(pieces: Piece[], keep: (index: number) => boolean): { gt: string; lt?: string }[] {
  const runs: { gt: string; lt?: string }[] = [];
  pieces.forEach((p, i) => {
    if (!keep(i)) return;
    if (i > 0 && keep(i - 1)) runs[runs.length - 1].lt = p.lt;
    else runs.push({ gt: p.gt, lt: p.lt });
  });
  return runs;
}

/**
 * The matches of the filter in each whole closed hour of the pieces, from the hours' counts (one
 * Query; two with a path filter). Hours without counts yet are counted now, once (a Query over each
 * run of them, projecting only what is counted), and their counts kept for every later listing.
 * Undefined for a piece whose matches must be counted (an edge, the open tail, an hour whose counts
 * cannot say).
 */
export async function matchesOfPieces(scope: Scope, pieces: Piece[], filter: EntryFilter, now: number): Promise<(number | undefined)[]> {
  const hours = pieces.flatMap((p) => (p.hour ? [p.hour] : []));
  if (hours.length === 0) return pieces.map(() => undefined);
  const nowSeconds = Math.floor(now / 1000);
  const read = await requestLogHours(scope, hours[0], hours[hours.length - 1], nowSeconds, { withPaths: filter.path !== undefined });
  const known = new Map(read.map((h) => [h.hour, h]));
  const chunks = runsOfMissing(hours, known).flatMap((run) => chunked(run, HOURS_PER_COUNT));
  for (let i = 0; i < chunks.length; i += COUNTS_AT_ONCE) {
    await Promise.all(
      chunks.slice(i, i + COUNTS_AT_ONCE).map(async (chunk) => {
        const counted = await countHours(chunk, requestLogEntriesOfHours(scope, chunk[0], chunk[chunk.length - 1], nowSeconds));
        await putRequestLogHours(scope, counted);
        for (const h of counted) known.set(h.hour, h);
      }),
    );
  }
  return pieces.map((p) => (p.hour ? matchesInHour(known.get(p.hour)!, filter, nowSeconds) : undefined));
}

const chunked = <T>(xs: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(xs.length / size) }, (_, i) => xs.slice(i * size, i * size + size));

/** The hours without counts, as runs of consecutive hours. */
function runsOfMissing(hours: string[], known: Map<string, RequestLogHour>): string[][] {
  const runs: string[][] = [];
  hours.forEach((h, i) => {
    if (known.has(h)) return;
    if (i > 0 && !known.has(hours[i - 1])) runs[runs.length - 1].push(h);
    else runs.push([h]);
  });
  return runs;
}
