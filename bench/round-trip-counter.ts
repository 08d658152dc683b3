import { AsyncLocalStorage } from 'node:async_hooks';
import { wrapSends } from '../lib/aws/send-wrapper';
import type { StoreClient } from '../lib/store/dynamodb';

/** One DynamoDB request of a counted piece of work: its command, the items it reads, and its place on the critical path. */
export interface CountedRequest {
  command: string;
  /** 1 for a request that waited on no earlier one; n for one sent after a request of depth n - 1 had answered. */
  depth: number;
  /** The partition keys it touches (`KEY#…`, `RATE#…`, `CMP#…`), to tell the chain's requests from the operation's. */
  partitions: string[];
  /** The items it reads by key (GetItem, BatchGetItem, TransactGetItems), `pk|sk`. */
  reads: string[];
}

/** What a piece of work asked of DynamoDB. */
export interface RoundTripTally {
  requests: CountedRequest[];
  /** Sequential round trips on the critical path: the deepest request's depth. */
  roundTrips: number;
  /** Items read by key more than once. */
  repeatedReads: string[];
}

interface Open {
  requests: CountedRequest[];
  /** The deepest request that has answered so far: the next one sent waited on it. */
  answered: number;
}

const open = new AsyncLocalStorage<Open>();
const WRAPPER = 'roundTripCounter';

/**
 * Counts, without timing anything, the DynamoDB requests made by `work` (and only by it: the context
 * follows its async calls, so other work on the same client is not counted) and the SEQUENTIAL round
 * trips among them: a request sent after another has answered is one round trip deeper; requests sent
 * together share a depth. The count is of requests as the code sends them (the SDK's own retries are
 * inside one). The counter must be on the client (`countRoundTripsOn`).
 */
export async function countRoundTrips<T>(work: () => Promise<T>): Promise<{ result: T; tally: RoundTripTally }> {
  const state: Open = { requests: [], answered: 0 };
  const result = await open.run(state, work);
  const seen = new Map<string, number>();
  for (const r of state.requests) for (const item of r.reads) seen.set(item, (seen.get(item) ?? 0) + 1);
  return {
    result,
    tally: {
      requests: state.requests,
      roundTrips: Math.max(0, ...state.requests.map((r) => r.depth)),
      repeatedReads: [...seen].filter(([, n]) => n > 1).map(([item]) => item),
    },
  };
}

/**
 * Puts the counter on a client (once), in the bench or a test only: the production code never counts
 * (it costs one AsyncLocalStorage lookup per request outside `countRoundTrips`).
 */
export function countRoundTripsOn(client: StoreClient): void {
  wrapSends(client, WRAPPER, async (command, next) => {
    const state = open.getStore();
    if (!state) return next();
    const input = command.input;
    const request: CountedRequest = {
      command: command.operation,
      depth: state.answered + 1,
      partitions: partitionsOf(input),
      reads: readsOf(command.operation, input),
    };
    state.requests.push(request);
    try {
      return await next();
    } finally {
      state.answered = Math.max(state.answered, request.depth);
    }
  });
}

type Key = { pk?: unknown; sk?: unknown };
/** A key attribute as the document client sends it (`'CMP#…'`) or already marshalled (`{ S: 'CMP#…' }`). */
const text = (value: unknown) => String((value as { S?: string })?.S ?? value);
const itemOf = (key: Key | undefined) => (key ? `${text(key.pk)}|${text(key.sk)}` : undefined);

function readsOf(command: string, input: Record<string, unknown>): string[] {
  const out: (string | undefined)[] = [];
  if (command === 'GetItem') out.push(itemOf(input.Key as Key));
  const requestItems = input.RequestItems as Record<string, { Keys?: Key[] }> | undefined;
  for (const table of Object.values(requestItems ?? {})) for (const key of table.Keys ?? []) out.push(itemOf(key));
  for (const entry of (input.TransactItems as { Get?: { Key?: Key } }[] | undefined) ?? []) if (entry.Get) out.push(itemOf(entry.Get.Key));
  return out.filter((x): x is string => Boolean(x));
}

function partitionsOf(input: Record<string, unknown>): string[] {
  const out = new Set<string>();
  const add = (key: Key | undefined) => key?.pk !== undefined && out.add(text(key.pk));
  add(input.Key as Key);
  add(input.Item as Key);
  const values = input.ExpressionAttributeValues as Record<string, unknown> | undefined;
  if (typeof input.KeyConditionExpression === 'string' && values) {
    const pkValue = /(\w+)\s*=\s*(:\w+)/.exec(input.KeyConditionExpression);
    if (pkValue) out.add(text(values[pkValue[2]]));
  }
  const requestItems = input.RequestItems as Record<string, { Keys?: Key[] }> | undefined;
  for (const table of Object.values(requestItems ?? {})) for (const key of table.Keys ?? []) add(key);
  for (const entry of (input.TransactItems as Record<string, { Key?: Key; Item?: Key }>[] | undefined) ?? []) {
    for (const action of Object.values(entry)) {
      add(action.Key);
      add(action.Item);
    }
  }
  return [...out];
}
