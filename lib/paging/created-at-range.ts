import { instant, parseRfc3339 } from './rfc3339';

/** `created_at`, `created_at[gt|gte|lt|lte]`: RFC 3339 bounds (spec GET /events; the same on our lists). */
export const createdAtQuery = {
  created_at: instant().optional(),
  'created_at[gt]': instant().optional(),
  'created_at[gte]': instant().optional(),
  'created_at[lt]': instant().optional(),
  'created_at[lte]': instant().optional(),
} as const;

type CreatedAtFilters = Partial<Record<keyof typeof createdAtQuery, string>>;

/**
 * The exclusive sort-key bounds of the filters, for sort keys `<created_at ISO>#<id>`. A key starting
 * with `T#` sorts after `T` and before `T$` (`#` < `$`), so: gte T → after `T`; gt T → after `T$`;
 * lt T → before `T`; lte T → before `T$`; exact T → both. No real key equals a bound.
 */
export function createdAtRange(q: CreatedAtFilters): { gt?: string; lt?: string } {
  const lowers: string[] = [];
  const uppers: string[] = [];
  // Keys carry whole milliseconds: a finer bound is moved to the millisecond that keeps exactly the keys
  // the comparison names (`gte 10.0005` keeps 10.001 and later; nothing equals 10.0005).
  const at = (v: string) => {
    const { ms, exact } = parseRfc3339(v)!;
    return { iso: new Date(ms).toISOString(), exact };
  };
  const eq = q.created_at && at(q.created_at);
  if (eq) {
    lowers.push(eq.exact ? eq.iso : `${eq.iso}$`);
    uppers.push(eq.exact ? `${eq.iso}$` : eq.iso);
  }
  const gte = q['created_at[gte]'] && at(q['created_at[gte]']);
  if (gte) lowers.push(gte.exact ? gte.iso : `${gte.iso}$`);
  const gt = q['created_at[gt]'] && at(q['created_at[gt]']);
  if (gt) lowers.push(`${gt.iso}$`);
  const lt = q['created_at[lt]'] && at(q['created_at[lt]']);
  if (lt) uppers.push(lt.exact ? lt.iso : `${lt.iso}$`);
  const lte = q['created_at[lte]'] && at(q['created_at[lte]']);
  if (lte) uppers.push(`${lte.iso}$`);
  return {
    gt: lowers.length ? lowers.sort().at(-1) : undefined,
    lt: uppers.length ? uppers.sort()[0] : undefined,
  };
}

/** A range whose lower bound is not below its upper one matches nothing. */
export function isEmptyRange(r: { gt?: string; lt?: string }): boolean {
  return r.gt !== undefined && r.lt !== undefined && r.gt >= r.lt;
}
