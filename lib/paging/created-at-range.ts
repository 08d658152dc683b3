import { patterned } from '../input';

/** `created_at`, `created_at[gt|gte|lt|lte]`: RFC 3339 bounds (spec GET /events; the same on our lists). */
const rfc3339 = patterned(
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/,
  'Send an RFC 3339 date-time, e.g. 2026-11-01T00:00:00Z.',
  'format',
).refine((v) => !Number.isNaN(Date.parse(v)), {
  message: 'is not a date-time',
  params: { validation_type: 'format', how_to_fix: 'Send an RFC 3339 date-time, e.g. 2026-11-01T00:00:00Z.' },
});

export const createdAtQuery = {
  created_at: rfc3339.optional(),
  'created_at[gt]': rfc3339.optional(),
  'created_at[gte]': rfc3339.optional(),
  'created_at[lt]': rfc3339.optional(),
  'created_at[lte]': rfc3339.optional(),
} as const;

type CreatedAtFilters = Partial<Record<keyof typeof createdAtQuery, string>>;

/**
 * The exclusive sort-key bounds of the filters, for sort keys `<created_at ISO>#<id>`. A key starting
 * with `T#` sorts after `T` and before `T$` (`#` < `$`), so: gte T → after `T`; gt T → after `T$`;
 * lt T → before `T`; lte T → before `T$`; exact T → both. No real key equals a bound.
 */
export function createdAtRange(q: CreatedAtFilters): { gt?: string; lt?: string } {
  const iso = (v: string) => new Date(v).toISOString();
  const lowers: string[] = [];
  const uppers: string[] = [];
  if (q.created_at) {
    lowers.push(iso(q.created_at));
    uppers.push(`${iso(q.created_at)}$`);
  }
  if (q['created_at[gte]']) lowers.push(iso(q['created_at[gte]']));
  if (q['created_at[gt]']) lowers.push(`${iso(q['created_at[gt]'])}$`);
  if (q['created_at[lt]']) uppers.push(iso(q['created_at[lt]']));
  if (q['created_at[lte]']) uppers.push(`${iso(q['created_at[lte]'])}$`);
  return {
    gt: lowers.length ? lowers.sort().at(-1) : undefined,
    lt: uppers.length ? uppers.sort()[0] : undefined,
  };
}

/** A range whose lower bound is not below its upper one matches nothing. */
export function isEmptyRange(r: { gt?: string; lt?: string }): boolean {
  return r.gt !== undefined && r.lt !== undefined && r.gt >= r.lt;
}
