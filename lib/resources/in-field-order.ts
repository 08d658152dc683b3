/**
 * The field order of an object inside a resource (a shareholder, a quote, a form): its fields in its
 * schema's order and, for those of them that hold objects or lists of objects, their own order. The
 * store keeps objects as maps that come back in no particular order, so a record read back has to be
 * put in order again, down to its sub-objects, to show partners what creation showed them.
 */
export interface FieldOrder {
  readonly fields: readonly string[];
  readonly nested?: Readonly<Record<string, FieldOrder>>;
}

/**
 * A resource as the API shows it: `object` first, then each of `fields` the record holds, in the order
 * of `fields` (the spec's), absent and null values left out, and the fields in `leaveOut` kept internal.
 * The sub-objects named in `nested` are put in their own order (`inOrder`).
 * Resources list their fields themselves (`FILE_FIELDS`…) rather than read them from their schema, so
 * that rendering never builds the schema (lib/resources/built-on-first-use.ts); a test holds each
 * schema to its list and order.
 */
export function inFieldOrder(
  object: string,
  record: object,
  fields: readonly string[],
  { leaveOut = [], nested = {} }: { leaveOut?: readonly string[]; nested?: Readonly<Record<string, FieldOrder>> } = {},
) {
  const out: Record<string, unknown> = { object };
  for (const field of fields) {
    if (field === 'object' || leaveOut.includes(field)) continue;
    const value = (record as Record<string, unknown>)[field];
    if (value !== undefined && value !== null) out[field] = nested[field] ? inOrder(value, nested[field]) : value;
  }
  return out;
}

/**
 * `value` (an object, or a list of them) with its fields in `order`, its sub-objects likewise. Only the
 * order changes: every field it holds stays, one the order does not name (there is none in a valid
 * record) after the named ones.
 */
export function inOrder<T>(value: T, order: FieldOrder): T {
  if (Array.isArray(value)) return value.map((item) => inOrder(item, order)) as T;
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const field of [...order.fields, ...Object.keys(record)]) {
    if (field in out || !(field in record) || record[field] === undefined) continue;
    const inner = order.nested?.[field];
    out[field] = inner ? inOrder(record[field], inner) : record[field];
  }
  return out as T;
}
