import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { setTimeout as sleep } from 'node:timers/promises';
import { db } from './client';
import type { WriteSet } from './write-set';
import { sequenceEvents, SequenceConflict } from './sequence';
import type { CommittedEvent } from './event';
import { now } from '../clock';

/** DynamoDB's limit of items in one TransactWriteItems. */
export const MAX_TRANSACTION_ITEMS = 100;
// Enough for a burst of concurrent writers of one partner and mode to drain through its event counter.
const MAX_ATTEMPTS = 25;

/** The write could not be committed after every retry (sustained contention on one partner's log). */
export class CommitContention extends Error {
  constructor() {
    super('the change could not be committed under contention; retry the request');
  }
}

/**
 * Commits a WriteSet as one TransactWriteItems: its changes and its events together or nothing.
 *
 * A failed condition of the caller's own (a guard item, a state check) is final and throws that
 * condition's error. A lost race for an event sequence, or a TransactionConflict (two transactions on
 * one item, which the real service raises and DynamoDB Local never does), is retried with jittered
 * backoff and freshly read sequences.
 */
export async function commit(ws: WriteSet): Promise<CommittedEvent[]> {
  for (let attempt = 1; ; attempt++) {
    const sequenced = ws.events.length
      ? await sequenceEvents(ws.scope, ws.table, ws.events, now().getTime())
      : { entries: [], committed: [] };
    const entries = [...ws.entries, ...sequenced.entries];
    if (entries.length > MAX_TRANSACTION_ITEMS) {
      throw new Error(`a transaction of ${entries.length} items exceeds DynamoDB's ${MAX_TRANSACTION_ITEMS}`);
    }
    try {
      await db().send(new TransactWriteCommand({ TransactItems: entries.map((e) => e.item) }));
      return sequenced.committed;
    } catch (error) {
      const retry = retryable(error, entries);
      if (retry instanceof Error) throw retry;
      if (!retry || attempt >= MAX_ATTEMPTS) throw retry === false ? error : new CommitContention();
      await sleep(Math.random() * Math.min(400, 5 * 2 ** attempt));
    }
  }
}

/** true: retry; false: not a cancellation we understand; an Error: the caller's own refusal. */
function retryable(error: unknown, entries: { onFailed?: () => Error }[]): boolean | Error {
  const name = (error as { name?: string }).name;
  if (name === 'TransactionConflictException') return true;
  if (name !== 'TransactionCanceledException') return false;
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  let conflict = false;
  for (let i = 0; i < reasons.length; i++) {
    const code = reasons[i]?.Code;
    if (code === 'ConditionalCheckFailed') {
      const refusal = entries[i]?.onFailed?.();
      if (refusal instanceof SequenceConflict) conflict = true;
      else return refusal ?? new Error('a condition of the transaction failed');
    } else if (code === 'TransactionConflict' || code === 'ThrottlingError' || code === 'ProvisionedThroughputExceeded') {
      conflict = true;
    }
  }
  return conflict;
}
