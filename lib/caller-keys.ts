/**
 * Caller text as object keys. Wherever a request's names (header and query parameter names, form
 * field names, JSON keys) become keys of an object, no name may be special: on a plain object
 * `out[name] = v` with `__proto__` replaces the prototype instead of adding a key, and `table[name]`
 * with `constructor` or `toString` finds an inherited function nobody sent. So accumulators are
 * null-prototype objects, lookups read own keys only, and zod records keep `__proto__`
 * (lib/resources/caller-keyed-record.ts; docs/decisions.md, "Hostile input at the edges").
 */

/** An empty object with no prototype: every key, `__proto__` included, is an ordinary own key. */
export function keyedBag<V>(): Record<string, V> {
  return Object.create(null) as Record<string, V>;
}

/** `table[key]` when `key` is the table's own key, else undefined (never an inherited member). */
export function ownValue<V>(table: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
