import { batchGetItems, itemId as id, type ReadBatch } from '../store/read-batch';
import { companyOfCounter, eventCounterKey, legacyEventCounterKey, typeOfCompanyTypeCounter } from '../store/keys';
import { defineEntity } from '../store/entity';
import type { Scope } from '../scope';

/** A stream's counter as read: its sequence and, for `ALL`, the log's newest `created_at`. */
export interface Counter {
  seq: number;
  /** `created_at` (epoch ms) of the stream's newest event; kept on the `ALL` stream only. */
  last_ms?: number;
  /**
   * Whether the item that holds this counter exists (for a company's streams: the company's counters
   * item): its next write is conditioned on the value read, else on its absence.
   */
  exists: boolean;
}
export type Counters = Map<string, Counter>;

type Key = Record<string, unknown>;

/**
 * A counter item (lib/store/keys/events.ts `eventCounterKey`): a stream's `seq`, the log's newest
 * `last_ms` on `ALL`, and a company's company+type sequences in `types`, by type.
 */
export interface CounterRecord {
  stream: string;
  seq: number;
  last_ms?: number;
  types?: Record<string, number>;
}

/** Counter items carry no `entity` (they never did): the entity is their shape, for typed conditions and updates. */
export const counterEntity = defineEntity<CounterRecord>({
  name: 'event_counter',
  key: (scope, c) => eventCounterKey(scope, c.stream),
  keyOnly: ['stream'],
});

/** The value of counter `name` in the item that holds it (lib/store/keys/events.ts), if it has one. */
function valueIn(item: Record<string, unknown>, name: string): number | undefined {
  const type = typeOfCompanyTypeCounter(name);
  if (type !== undefined) return (item.types as Record<string, number> | undefined)?.[type];
  return item.seq as number | undefined;
}

/**
 * Reads the counters of `names` in BatchGets (with any `others` keys along, returned as read). A
 * company's counter its item does not hold yet is read from where it used to be
 * (`legacyEventCounterKey`), so its sequence goes on from there. A counter found nowhere is a stream
 * with no events yet (sequence 0).
 */
export async function readCounterItems(
  scope: Scope,
  table: string,
  names: string[],
  options: {
    consistent: boolean;
    others?: Key[];
    onResponse?: (response: { ConsumedCapacity?: unknown }) => void;
    /** Read in the request's shared BatchGetItem (strongly consistent) instead of one of their own. */
    batch?: ReadBatch;
  },
): Promise<{ counters: Counters; others: Record<string, unknown>[] }> {
  const keys = new Map<string, Key>();
  for (const name of names) {
    const key = eventCounterKey(scope, name);
    keys.set(id(key), key);
    const old = legacyEventCounterKey(scope, name);
    if (old) keys.set(id(old), old);
  }
  const wanted = new Set((options.others ?? []).map(id));
  for (const key of options.others ?? []) keys.set(id(key), key);
  const all = [...keys.values()];
  const items = options.batch
    ? await options.batch.read(all)
    : await batchGetItems(table, all, { consistent: options.consistent, onResponse: options.onResponse });
  const counters: Counters = new Map();
  for (const name of names) {
    const holder = items.get(id(eventCounterKey(scope, name)));
    const old = legacyEventCounterKey(scope, name);
    const legacy = old ? items.get(id(old)) : undefined;
    const seq = (holder ? valueIn(holder, name) : undefined) ?? (legacy?.seq as number | undefined) ?? 0;
    counters.set(name, {
      seq,
      last_ms: name === 'ALL' ? (holder?.last_ms as number | undefined) : undefined,
      exists: holder !== undefined,
    });
  }
  return { counters, others: [...items.entries()].filter(([key]) => wanted.has(key)).map(([, item]) => item) };
}

/** The counter items a log's events leave, for seeding a log in bulk (lib/event-log/event-item.ts `logItems`). */
export function counterItems(scope: Scope, counters: Map<string, number>, lastMs?: number): Record<string, unknown>[] {
  const items = new Map<string, Record<string, unknown>>();
  for (const [name, seq] of counters) {
    const key = eventCounterKey(scope, name);
    const item = items.get(id(key)) ?? { ...key };
    if (companyOfCounter(name)) {
      item.types ??= {};
      const type = typeOfCompanyTypeCounter(name);
      if (type !== undefined) (item.types as Record<string, number>)[type] = seq;
      else item.seq = seq;
    } else {
      item.seq = seq;
      if (name === 'ALL') item.last_ms = lastMs;
    }
    items.set(id(key), item);
  }
  return [...items.values()];
}
