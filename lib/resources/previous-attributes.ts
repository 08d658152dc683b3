/**
 * `data.previous_attributes` of a change event (Stripe's shape; docs/decisions.md, "Event schemas
 * and OpenAPI"): every top-level field of the
 * resource that the change moved, with its whole value before the change. A field the change added
 * was absent before: it shows `null`. `updated_at` moves with every change, so it says nothing and is
 * left out; `object` and `id` never move.
 */
export function previousAttributes(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const fields = new Set([...Object.keys(after), ...Object.keys(before)]);
  for (const field of fields) {
    if (UNSAID.has(field) || sameValue(before[field], after[field])) continue;
    out[field] = before[field] === undefined ? null : before[field];
  }
  return out;
}

/** `previous_attributes` of a resource that did not exist before (an order's creation): its status came from nothing. */
export const previousOfCreated = (): Record<string, unknown> => ({ status: null });

const UNSAID = new Set(['object', 'id', 'updated_at']);

/** Equal as JSON values: key order and prototypes aside (a stored map and a caller's bag compare by content). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => sameValue(x, b[i]));
  }
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.hasOwn(b, k) && sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
