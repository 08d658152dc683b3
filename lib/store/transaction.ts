import { TransactWriteCommand } from './dynamodb';
import { db } from './client';
import { isConditionFailed } from './condition-failed';
import type { WriteSet } from './write-set';

/**
 * Sends a WriteSet that records no event as one TransactWriteItems, once: a failed condition of its
 * own throws that action's refusal (`onFailed`), or DynamoDB's error when the action has none; any
 * other refusal throws as DynamoDB gave it. For the few writes of several items that are no change of
 * the API's objects (a webhook endpoint deleted with its roll and lane, a secret roll spent); a change
 * that records events is committed by lib/event-log/commit.ts.
 */
export async function sendWriteSet(ws: WriteSet): Promise<void> {
  if (ws.events.length) throw new Error('a WriteSet that records events is committed with its events (lib/event-log/commit.ts)');
  const entries = ws.entries;
  try {
    await db().send(new TransactWriteCommand({ TransactItems: entries.map((e) => e.item) }));
  } catch (error) {
    const failed = entries.findIndex((_, i) => isConditionFailed(error, i));
    const refusal = failed >= 0 ? entries[failed].onFailed?.() : undefined;
    throw refusal ?? error;
  }
}
