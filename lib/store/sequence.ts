import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { db } from './client';
import { eventCounterKey } from './keys';
import { livemode, type Scope } from '../scope';
import type { WriteEntry } from './write-set';
import { newId } from '../ids';
import type { CommittedEvent, PendingEvent } from './event';
import { counterStreamsOf, eventItem } from './event-item';

/**
 * Gives each pending event its id, `created_at` and dense per-stream sequence numbers, and builds the
 * items that write them. Why dense sequences: `page.total` of any filter is then a difference of two
 * sequence numbers (docs/decisions.md, "The event log"), so counting never reads the log.
 *
 * Every counter update is conditioned on the value read here, so two transactions that raced for the
 * same stream cannot both commit: the loser retries with fresh values (lib/store/commit.ts). That also
 * makes `created_at` strictly increasing per partner and mode, and commit order equal to that order.
 */
export async function sequenceEvents(
  scope: Scope,
  table: string,
  pending: PendingEvent[],
  nowMs: number,
): Promise<{ entries: WriteEntry[]; committed: CommittedEvent[] }> {
  const streamsOf = (e: PendingEvent) => counterStreamsOf(e);
  const names = [...new Set(pending.flatMap((e) => Object.values(streamsOf(e)).filter((s): s is string => !!s)))];
  const counters = await readCounters(scope, table, names);
  const before = new Map([...counters].map(([k, v]) => [k, { ...v }]));

  let last = counters.get('ALL')?.last_ms ?? 0;
  const committed: CommittedEvent[] = [];
  const entries: WriteEntry[] = [];
  for (const e of pending) {
    const s = streamsOf(e);
    const bump = (name?: string) => {
      if (!name) return undefined;
      const c = counters.get(name) ?? { seq: 0 };
      c.seq += 1;
      counters.set(name, c);
      return c.seq;
    };
    last = Math.max(nowMs, last + 1);
    const createdAt = new Date(last).toISOString();
    const id = newId('event');
    const event = {
      object: 'event' as const,
      id,
      type: e.type,
      ...(e.companyId ? { company_id: e.companyId } : {}),
      data: { object: e.resource },
      livemode: livemode(scope),
      timestamp: e.timestamp ?? createdAt,
      created_at: createdAt,
    };
    const seq = { all: bump(s.all)!, type: bump(s.type)!, company: bump(s.company), companyType: bump(s.companyType) };
    entries.push({
      item: { Put: { TableName: table, Item: eventItem(scope, event, seq), ConditionExpression: 'attribute_not_exists(pk)' } },
    });
    committed.push({ event, seq });
  }
  counters.get('ALL')!.last_ms = last;

  for (const name of names) {
    const after = counters.get(name)!;
    const prior = before.get(name);
    entries.push({
      item: {
        Update: {
          TableName: table,
          Key: eventCounterKey(scope, name),
          UpdateExpression: name === 'ALL' ? 'SET seq = :seq, last_ms = :last' : 'SET seq = :seq',
          ConditionExpression: prior ? 'seq = :prior' : 'attribute_not_exists(pk)',
          ExpressionAttributeValues: {
            ':seq': after.seq,
            ...(name === 'ALL' ? { ':last': after.last_ms } : {}),
            ...(prior ? { ':prior': prior.seq } : {}),
          },
        },
      },
      // A failed counter condition means another writer took the sequence first: retry, don't refuse.
      onFailed: () => new SequenceConflict(),
    });
  }
  return { entries, committed };
}

/** Another transaction advanced one of our streams between read and write; commit() retries. */
export class SequenceConflict extends Error {
  constructor() {
    super('event sequence moved; retrying');
  }
}

interface Counter {
  seq: number;
  last_ms?: number;
}

async function readCounters(scope: Scope, table: string, names: string[]): Promise<Map<string, Counter>> {
  const out = new Map<string, Counter>();
  for (let i = 0; i < names.length; i += 100) {
    let keys: Record<string, unknown>[] | undefined = names.slice(i, i + 100).map((n) => eventCounterKey(scope, n));
    while (keys && keys.length) {
      const res = await db().send(
        new BatchGetCommand({ RequestItems: { [table]: { Keys: keys, ConsistentRead: true } } }),
      );
      for (const item of res.Responses?.[table] ?? []) out.set(item.sk as string, { seq: item.seq, last_ms: item.last_ms });
      keys = res.UnprocessedKeys?.[table]?.Keys as Record<string, unknown>[] | undefined;
    }
  }
  return out;
}
