import { invalidField } from '../../errors';
import { EVERYTHING, intersect, type Selection } from './selection';
import { narrow, type Comparison, type CreatedAtRange } from './created-at-range';
import { parseRfc3339 } from '../../paging/rfc3339';
import type { ListEventsQuery } from './list-events-query';

/**
 * Which events a listing shows and in which order: the meaning of GET /events' checked query,
 * normalised so that equal listings have equal filters (their cursors are interchangeable).
 */
export interface EventFilter {
  types: Selection;
  companies: Selection;
  createdAt: CreatedAtRange;
  /** `desc`: newest first (the spec's default). */
  order: 'asc' | 'desc';
}

/**
 * Largest number of (type, company) pairs when both dimensions name lists: each pair is one
 * company+type stream to merge or count (docs/decisions.md, "The event log").
 */
export const MAX_TYPE_COMPANY_PAIRS = 25;

const split = (v: string | undefined) => (v === undefined ? undefined : v.split(','));

function selectionOf(eq: (string | undefined)[], inList: string | undefined, ninList: string | undefined): Selection {
  let s = EVERYTHING;
  for (const v of eq) if (v !== undefined) s = intersect(s, { kind: 'in', values: [v] });
  if (inList !== undefined) s = intersect(s, { kind: 'in', values: split(inList)! });
  if (ninList !== undefined) s = intersect(s, { kind: 'nin', values: split(ninList)! });
  return s;
}

export function eventFilterOf(q: ListEventsQuery): EventFilter {
  const types = selectionOf([q.type, q['type[eq]']], q['type[in]'], q['type[nin]']);
  const companies = selectionOf([q.company_id, q['company_id[eq]']], q['company_id[in]'], q['company_id[nin]']);
  if (types.values.length && companies.values.length && types.values.length * companies.values.length > MAX_TYPE_COMPANY_PAIRS) {
    throw invalidField(
      '$.type',
      `type and company_id lists together name ${types.values.length * companies.values.length} (type, company) pairs; at most ${MAX_TYPE_COMPANY_PAIRS} are served in one listing`,
      `Shorten one of the lists (their sizes multiplied must not exceed ${MAX_TYPE_COMPANY_PAIRS}), or list each company separately.`,
      'maxItems',
    );
  }
  let createdAt: CreatedAtRange = {};
  const comparisons: [Comparison, string | undefined][] = [
    ['eq', q.created_at],
    ['gt', q['created_at[gt]']],
    ['gte', q['created_at[gte]']],
    ['lt', q['created_at[lt]']],
    ['lte', q['created_at[lte]']],
  ];
  for (const [comparison, value] of comparisons) {
    if (value !== undefined) createdAt = narrow(createdAt, comparison, parseRfc3339(value)!);
  }
  return { types, companies, createdAt, order: q.sort === 'created_at' ? 'asc' : 'desc' };
}
