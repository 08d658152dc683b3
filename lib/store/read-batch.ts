import { BatchGetCommand, GetCommand, type BatchGetCommandOutput } from './dynamodb';
import { setTimeout as sleep } from 'node:timers/promises';
import { db } from './client';
import { renderProjection } from './expression';

/** An item's primary key. */
export type ItemKey = Record<string, unknown>;
type Item = Record<string, unknown>;

/** DynamoDB's limit of keys in one BatchGetItem. */
const MAX_BATCH_KEYS = 100;

/** An item's identity within a table: its key as one string (`pk\nsk`), what the maps here are keyed by. */
export const itemId = (key: ItemKey) => `${key.pk as string}\n${key.sk as string}`;

/**
 * The items at `keys`, read strongly consistent in BatchGetItems of at most 100 keys; keys the service
 * leaves unprocessed are asked again after a short pause. Items come back by `pk\nsk`; a key with no
 * item is absent from the map.
 */
export async function batchGetItems(
  table: string,
  keys: ItemKey[],
  options: { consistent?: boolean; attributes?: string[]; onResponse?: (response: BatchGetCommandOutput) => void } = {},
): Promise<Map<string, Item>> {
  const items = new Map<string, Item>();
  const unique = [...new Map(keys.map((key) => [itemId(key), key])).values()];
  for (let i = 0; i < unique.length; i += MAX_BATCH_KEYS) {
    let batch: ItemKey[] | undefined = unique.slice(i, i + MAX_BATCH_KEYS);
    for (let attempt = 0; batch?.length; attempt++) {
      if (attempt) await sleep(10 * 2 ** Math.min(attempt, 6));
      const res: BatchGetCommandOutput = await db().send(
        new BatchGetCommand({
          RequestItems: { [table]: { Keys: batch, ConsistentRead: options.consistent ?? true, ...projectionOf(options.attributes) } },
          ...(options.onResponse ? { ReturnConsumedCapacity: 'TOTAL' } : {}),
        }),
      );
      options.onResponse?.(res);
      for (const item of res.Responses?.[table] ?? []) items.set(itemId(item), item);
      batch = res.UnprocessedKeys?.[table]?.Keys as ItemKey[] | undefined;
    }
  }
  return items;
}

/** The items of `items` at `keys` alone: each reader of a shared request gets its own. */
function onlyAt(items: Map<string, Item>, keys: ItemKey[]): Map<string, Item> {
  const own = new Map<string, Item>();
  for (const key of keys) {
    const item = items.get(itemId(key));
    if (item) own.set(itemId(key), item);
  }
  return own;
}

/** The item at `key` in what `batchGetItems` returned. */
export function itemAt(items: Map<string, Item>, key: ItemKey): Item | undefined {
  return items.get(itemId(key));
}

/**
 * Reads by key asked for in the same turn of the event loop, sent as ONE consistent BatchGetItem: the
 * API key's read and the operation's prefetched read go in one request (docs/decisions.md, "Where a
 * request's time goes"). Made per request, by the chain; a read asked after the batch went out starts
 * the next batch. Each caller gets its own keys' items (absent: no item).
 */
export class ReadBatch {
  private waiting: { keys: ItemKey[]; settle: (items: Map<string, Item>) => void; fail: (error: unknown) => void }[] = [];

  constructor(readonly table: string) {}

  /** Whether reads are waiting to go out in this turn: a read joining now shares their request. */
  get hasWaitingReads(): boolean {
    return this.waiting.length > 0;
  }

  /** The items at `keys`, read with whatever else is asked for in this turn. */
  read(keys: ItemKey[]): Promise<Map<string, Item>> {
    return new Promise((settle, fail) => {
      if (!this.waiting.length) queueMicrotask(() => this.send());
      this.waiting.push({ keys, settle, fail });
    });
  }

  private send(): void {
    const waiting = this.waiting;
    this.waiting = [];
    const keys = waiting.flatMap((w) => w.keys);
    // One item alone is a consistent GetItem: the same read unit, and a lighter request than a
    // BatchGetItem of one (a cached key leaves GET /companies/{id} with its company item alone).
    const read = keys.length === 1 ? consistentGet(this.table, keys[0]) : batchGetItems(this.table, keys, { consistent: true });
    read.then(
      (items) => {
        for (const w of waiting) w.settle(onlyAt(items, w.keys));
      },
      (error) => {
        for (const w of waiting) w.fail(error);
      },
    );
  }
}

async function consistentGet(table: string, key: ItemKey): Promise<Map<string, Item>> {
  const item = await getItem(table, key, { consistent: true });
  return new Map(item ? [[itemId(key), item]] : []);
}

/**
 * One item by key: in the request's shared read when `batch` is given (strongly consistent), else
 * a GetItem of its own (eventually consistent unless `consistent`).
 */
export async function getItem(
  table: string,
  key: ItemKey,
  options: { batch?: ReadBatch; consistent?: boolean; attributes?: string[] } = {},
): Promise<Item | undefined> {
  if (options.batch) return itemAt(await options.batch.read([key]), key);
  const res = await db().send(
    new GetCommand({ TableName: table, Key: key, ConsistentRead: options.consistent, ...projectionOf(options.attributes) }),
  );
  return res.Item;
}

const projectionOf = (attributes?: string[]) => (attributes ? renderProjection(attributes) : {});
