import type { Scope } from '../scope';
import {
  atLeast,
  atMost,
  attributeExists,
  attributeNotExists,
  type Condition,
  equals,
  greaterThan,
  isIn,
  itemAbsent,
  itemPresent,
  lessThan,
  notEquals,
  type Update,
} from './expression';
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

/** The scope given to the items of no partner (a lane's cursor, an operator's act): their keys do not use it. */
export const UNSCOPED: Scope = { partnerId: '', mode: 'test' };

/** An item's primary key. */
export interface ItemKey {
  pk: string;
  sk: string;
}

/** The attribute names of an entity's items. */
type Name<A> = Extract<keyof A, string>;
type NumberName<A> = { [K in Name<A>]-?: NonNullable<A[K]> extends number ? K : never }[Name<A>];
type MapName<A> = { [K in Name<A>]-?: NonNullable<A[K]> extends Record<string, unknown> ? K : never }[Name<A>];
type OptionalName<A> = { [K in Name<A>]-?: undefined extends A[K] ? K : never }[Name<A>];

/**
 * The conditions a write of an entity's item may carry, typed by the entity's attributes: a name the
 * record does not have, or a value of the wrong type, does not compile. Held as data
 * (lib/store/expression.ts) until the write is sent.
 */
export interface Conditions<A> {
  equals<K extends Name<A>>(name: K, value: A[K]): Condition;
  notEquals<K extends Name<A>>(name: K, value: A[K]): Condition;
  lessThan<K extends Name<A>>(name: K, value: NonNullable<A[K]>): Condition;
  atMost<K extends Name<A>>(name: K, value: NonNullable<A[K]>): Condition;
  greaterThan<K extends Name<A>>(name: K, value: NonNullable<A[K]>): Condition;
  atLeast<K extends Name<A>>(name: K, value: NonNullable<A[K]>): Condition;
  /** The attribute is one of `values` (at most 100). */
  isIn<K extends Name<A>>(name: K, values: A[K][]): Condition;
  /** The item has the attribute. */
  has(name: Name<A>): Condition;
  /** The item lacks the attribute (an optional one). */
  lacks(name: Name<A>): Condition;
  /** The item does not exist yet (a put that must not overwrite). */
  absent(): Condition;
  /** The item exists (an update that must not create it). */
  present(): Condition;
}

/** An update of an entity's item, typed by its attributes (lib/store/expression.ts `Update`). */
export interface EntityUpdate<A> {
  set?: Partial<A>;
  setIfAbsent?: Partial<A>;
  add?: Partial<Record<NumberName<A>, number>>;
  remove?: OptionalName<A>[];
  /** Entries set inside a map attribute, its other entries kept. */
  setInMap?: Partial<Record<MapName<A>, Record<string, unknown>>>;
}

/**
 * One entity of the single table (the ElectroDB idea, in a few lines): where its item lives, which
 * indexes list it, and what else the item carries. `item` and `record` are the one mapping between a
 * record and its stored item; `where` and `update` the one way to write a condition or an update of
 * it, typed by its attributes (the record's fields and the entity's `internal` ones, `A`).
 *
 * An entity is data: it sends nothing. Its access patterns are functions of its module, named for the
 * question they answer, made of lib/store's reads and writes (read-batch.ts, query.ts,
 * single-item.ts, write-set.ts), so each function's bundle keeps only the commands it sends.
 */
export interface Entity<R, A = R> {
  /** The `entity` attribute of its items. */
  readonly name: string;
  item(scope: Scope, record: R): Item;
  record(item: Item): R;
  /** The item's key, for a record (`key` of the definition). */
  key(scope: Scope, record: R): ItemKey;
  readonly where: Conditions<A & ItemKey>;
  update(update: EntityUpdate<A>): Update;
}

const conditions: Conditions<Item> = {
  equals,
  notEquals,
  lessThan,
  atMost,
  greaterThan,
  atLeast,
  isIn: (name, values) => isIn(name, values),
  has: attributeExists,
  lacks: attributeNotExists,
  absent: itemAbsent,
  present: itemPresent,
};

/**
 * `R`: the record; `I`: attributes the item keeps beside it (a revision, a cached object, the table's
 * TTL) that conditions and updates may name.
 */
export function defineEntity<R, I extends Item = Record<never, never>>(def: {
  name: string;
  /** The item's `pk` and `sk`. */
  key: (scope: Scope, record: R) => ItemKey;
  /** Fields of the record that only make its key (a guard's point): not stored beside the key, and read back from it by `fromKey`. */
  keyOnly?: readonly Name<R>[];
  /** The `keyOnly` fields, read back from an item's key. */
  fromKey?: (key: ItemKey) => Partial<R>;
  /** The index attributes (`gsi1pk`, …) that put the item on its lists. */
  indexes?: (scope: Scope, record: R) => Record<string, string>;
  /** Attributes the item keeps beside the record (a cached API object, its TTL). */
  extra?: (record: R) => Item;
  /** Attributes stripped when the item is read back: `extra`'s, and internals the record type leaves out. */
  internal?: readonly string[];
  /** How the record's fields are stored where not as they are (`metadata` as JSON text), and read back. */
  codec?: { encode: (record: R) => Item; decode: (item: Item) => Item; internal: readonly string[] };
}): Entity<R, R & I> {
  const internal = [...(def.internal ?? []), ...(def.codec?.internal ?? [])];
  const fields = (record: R): Item => {
    const out: Item = def.codec ? def.codec.encode(record) : { ...(record as Item) };
    for (const name of def.keyOnly ?? []) delete out[name];
    return out;
  };
  const read = (item: Item): R =>
    def.codec ? ({ ...recordOf<Item>(item, internal), ...def.codec.decode(item) } as R) : recordOf<R>(item, internal);
  return {
    name: def.name,
    key: def.key,
    item: (scope, record) => ({
      ...def.key(scope, record),
      entity: def.name,
      ...fields(record),
      ...def.indexes?.(scope, record),
      ...def.extra?.(record),
    }),
    record: def.fromKey ? (item) => ({ ...read(item), ...def.fromKey!(item as unknown as ItemKey) }) : read,
    where: conditions as unknown as Conditions<R & I & ItemKey>,
    update: (update) => update as Update,
  };
}
