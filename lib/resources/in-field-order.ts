/**
 * A resource as the API shows it: `object` first, then each of `fields` the record holds, in the order
 * of `fields` (the spec's), absent and null values left out, and the fields in `leaveOut` kept internal.
 * Resources list their fields themselves (`FILE_FIELDS`…) rather than read them from their schema, so
 * that rendering never builds the schema (lib/resources/built-on-first-use.ts); a test holds each
 * schema to its list and order.
 */
export function inFieldOrder(object: string, record: object, fields: readonly string[], leaveOut: readonly string[] = []) {
  const out: Record<string, unknown> = { object };
  for (const field of fields) {
    if (field === 'object' || leaveOut.includes(field)) continue;
    const value = (record as Record<string, unknown>)[field];
    if (value !== undefined && value !== null) out[field] = value;
  }
  return out;
}
