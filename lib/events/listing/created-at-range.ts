import type { Instant } from '../../paging/rfc3339';

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
