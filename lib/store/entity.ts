import type { Scope } from '../scope';
import { GLOBAL_INDEXES, TABLE_KEYS } from './table-definition';

type Item = Record<string, unknown>;

/** What the table adds to every record it keeps: the keys of the table and of its indexes, and `entity`. */
const TABLE_ATTRIBUTES: readonly string[] = [
  TABLE_KEYS.partitionKey,
  TABLE_KEYS.sortKey,
  'entity',
  ...GLOBAL_INDEXES.flatMap((i) => [i.partitionKey, i.sortKey]),
];

/**
 * A stored item as its record: the item without the table's attributes and without the entity's own
 * `internal` ones (a cached API object, a revision the API never shows). The one way every store
 * reads a record back, so no reader strips keys by hand.
 */
export function recordOf<R>(item: Item, internal: readonly string[] = []): R {
  const record: Item = { ...item };
  for (const name of TABLE_ATTRIBUTES) delete record[name];
  for (const name of internal) delete record[name];
  return record as R;
}

/**
 * One entity of the single table (the ElectroDB idea, in a few lines): where its item lives, which
 * indexes list it, and what else the item carries. `item` and `record` are the one mapping between a
 * record and its stored item.
 */
export interface Entity<R> {
  /** The `entity` attribute of its items. */
  readonly name: string;
  item(scope: Scope, record: R): Item;
  record(item: Item): R;
}

export function defineEntity<R>(def: {
  name: string;
  /** The item's `pk` and `sk`. */
  key: (scope: Scope, record: R) => { pk: string; sk: string };
  /** The index attributes (`gsi1pk`, …) that put the item on its lists. */
  indexes?: (scope: Scope, record: R) => Record<string, string>;
  /** Attributes the item keeps beside the record (a cached API object). */
  extra?: (record: R) => Item;
  /** Attributes stripped when the item is read back: `extra`'s, and internals the record type leaves out. */
  internal?: readonly string[];
  /** How the record's fields are stored where not as they are (`metadata` as JSON text), and read back. */
  codec?: { encode: (record: R) => Item; decode: (item: Item) => Item; internal: readonly string[] };
}): Entity<R> {
  const internal = [...(def.internal ?? []), ...(def.codec?.internal ?? [])];
  const fields = (record: R): Item => (def.codec ? def.codec.encode(record) : (record as Item));
  return {
    name: def.name,
    item: (scope, record) => ({
      ...def.key(scope, record),
      entity: def.name,
      ...fields(record),
      ...def.indexes?.(scope, record),
      ...def.extra?.(record),
    }),
    record: (item) => (def.codec ? ({ ...recordOf<Item>(item, internal), ...def.codec.decode(item) } as R) : recordOf<R>(item, internal)),
  };
}
