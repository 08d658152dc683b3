import type { CountedEntry, RequestLogHour } from '../store/entities/request-log-hour';

/**
 * What one closed hour of the log holds, by what a listing filters on (docs/decisions.md, "Listing the
 * log"): counts by method and status, and by path for the busiest paths. A path's counts take a row
 * per method and status; past this many paths the rest are left out and the hour says so, and a
 * listing filtered on a path left out counts that hour's entries instead.
 */
export const MAX_PATHS_PER_HOUR = 50;
/** And at most this much of their text, so an hour's paths stay one small item whatever the paths' length. */
const MAX_PATH_TEXT_PER_HOUR = 32 * 1024;

/** The filters of a listing over the entries' own fields (lib/request-log/list.ts). */
export interface EntryFilter {
  status?: number;
  gte?: number;
  lt?: number;
  method?: string;
  path?: string;
}

/** Does an entry's method and status pass the filter (its path aside)? */
const passes = (f: EntryFilter, method: string, status: number) =>
  (f.status === undefined || status === f.status) &&
  (f.gte === undefined || status >= f.gte) &&
  (f.lt === undefined || status < f.lt) &&
  (f.method === undefined || method === f.method);

/** The counts of each of `hours` (a run of consecutive hours) from their entries, page after page: an hour without entries counts none. */
export async function countHours(hours: string[], pages: AsyncIterable<CountedEntry[]>): Promise<RequestLogHour[]> {
  const tallies = new Map(hours.map((h) => [h, new HourTally()]));
  for await (const page of pages) for (const e of page) tallies.get(e.hour)?.add(e);
  return hours.map((h) => tallies.get(h)!.counts(h));
}

/** One hour's entries as they are counted. Maps, never plain objects: a path is a caller's text (`/v1/__proto__`). */
class HourTally {
  private byMethodStatus = new Map<string, [string, number, number]>();
  private byPath = new Map<string, { total: number; rows: Map<string, [string, string, number, number]> }>();
  private firstExpiry: number | undefined;

  add(e: CountedEntry): void {
    const key = `${e.method} ${e.status}`;
    const row = this.byMethodStatus.get(key) ?? [e.method, e.status, 0];
    row[2]++;
    this.byMethodStatus.set(key, row);
    const path = this.byPath.get(e.path) ?? { total: 0, rows: new Map() };
    path.total++;
    const pathRow = path.rows.get(key) ?? [e.path, e.method, e.status, 0];
    pathRow[3]++;
    path.rows.set(key, pathRow);
    this.byPath.set(e.path, path);
    if (this.firstExpiry === undefined || e.expiry < this.firstExpiry) this.firstExpiry = e.expiry;
  }

  counts(hour: string): RequestLogHour {
    const kept: [string, string, number, number][][] = [];
    let size = 0;
    for (const path of [...this.byPath.values()].sort((a, b) => b.total - a.total)) {
      const rows = [...path.rows.values()];
      size += JSON.stringify(rows).length;
      if (kept.length === MAX_PATHS_PER_HOUR || size > MAX_PATH_TEXT_PER_HOUR) break;
      kept.push(rows);
    }
    return {
      hour,
      counts: [...this.byMethodStatus.values()],
      paths: kept.flat(),
      pathsKept: kept.length,
      pathsComplete: kept.length === this.byPath.size,
      ...(this.firstExpiry !== undefined ? { firstExpiry: this.firstExpiry } : {}),
    };
  }
}

/**
 * How many entries of the hour match the filter, or undefined when its counts cannot say: the path
 * filtered on was left out of a busy hour (or its paths were not read), or some entry counted has
 * expired since (only entries written before expiries were whole hours can expire before their hour does).
 */
export function matchesInHour(hour: RequestLogHour, f: EntryFilter, nowSeconds: number): number | undefined {
  if (hour.firstExpiry !== undefined && hour.firstExpiry <= nowSeconds) return undefined;
  if (f.path === undefined) return hour.counts.reduce((n, [method, status, count]) => (passes(f, method, status) ? n + count : n), 0);
  if (hour.pathsKept > 0 && hour.paths === undefined) return undefined;
  const rows = (hour.paths ?? []).filter(([path]) => path === f.path);
  if (rows.length === 0 && !hour.pathsComplete) return undefined;
  return rows.reduce((n, [, method, status, count]) => (passes(f, method, status) ? n + count : n), 0);
}
