/**
 * `created_at` filters as a half-open range of whole milliseconds [from, to), the precision events are
 * recorded at. RFC 3339 input may carry any fraction and any offset; bounds are rounded so that the
 * range keeps exactly the events the comparison names (`gte 10.0005` keeps 10.001 and later).
 */
export interface CreatedAtRange {
  /** Inclusive lower bound in epoch ms; undefined: unbounded. */
  from?: number;
  /** Exclusive upper bound in epoch ms; undefined: unbounded. */
  to?: number;
}

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?([Zz]|[+-]\d{2}:\d{2})$/;

/** An instant parsed from RFC 3339: its whole milliseconds, and whether a finer fraction was cut off. */
export interface Instant {
  ms: number;
  /** True when the value is exactly on a millisecond. */
  exact: boolean;
}

/** Parses an RFC 3339 date-time (section 5.6), or undefined when it is not one (Feb 30, hour 24…). */
export function parseRfc3339(value: string): Instant | undefined {
  const m = RFC3339.exec(value);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, fraction = '', offset] = m;
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, s].map(Number);
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return undefined;
  const dayCheck = new Date(0);
  dayCheck.setUTCFullYear(year, month - 1, day);
  if (day < 1 || dayCheck.getUTCDate() !== day || dayCheck.getUTCMonth() !== month - 1) return undefined;
  let offsetMinutes = 0;
  if (offset.toUpperCase() !== 'Z') {
    const oh = Number(offset.slice(1, 3));
    const om = Number(offset.slice(4, 6));
    if (oh > 23 || om > 59) return undefined;
    offsetMinutes = (offset[0] === '-' ? -1 : 1) * (oh * 60 + om);
  }
  const millis = Number(fraction.padEnd(3, '0').slice(0, 3));
  const exact = !/[1-9]/.test(fraction.slice(3));
  // setUTCFullYear, not Date.UTC, which would read years 0..99 as 1900..1999.
  const instant = new Date(0);
  instant.setUTCFullYear(year, month - 1, day);
  instant.setUTCHours(hour, minute, second, millis);
  return { ms: instant.getTime() - offsetMinutes * 60_000, exact };
}

export type Comparison = 'eq' | 'gt' | 'gte' | 'lt' | 'lte';

/** Narrows `range` by one comparison against `at`. */
export function narrow(range: CreatedAtRange, comparison: Comparison, at: Instant): CreatedAtRange {
  const { ms, exact } = at;
  const bounds: CreatedAtRange = {};
  switch (comparison) {
    case 'gte':
      bounds.from = exact ? ms : ms + 1;
      break;
    case 'gt':
      bounds.from = ms + 1;
      break;
    case 'lte':
      bounds.to = ms + 1;
      break;
    case 'lt':
      bounds.to = exact ? ms : ms + 1;
      break;
    case 'eq':
      // An instant between two milliseconds matches no event: an empty range.
      bounds.from = exact ? ms : ms + 1;
      bounds.to = exact ? ms + 1 : ms + 1;
      break;
  }
  return {
    from: bounds.from === undefined ? range.from : range.from === undefined ? bounds.from : Math.max(range.from, bounds.from),
    to: bounds.to === undefined ? range.to : range.to === undefined ? bounds.to : Math.min(range.to, bounds.to),
  };
}

export function isEmptyRange(range: CreatedAtRange): boolean {
  return range.from !== undefined && range.to !== undefined && range.from >= range.to;
}
