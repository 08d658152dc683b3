import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../store/client';
import { rateWindowKey } from '../store/keys';
import type { PolicyState, RateLimitSettings } from './policy';

/** What one count returns: the request's minute and second, and the counts of both windows after it. */
export interface WindowCount {
  at: Date;
  /** Requests of the current minute, this one included. */
  minute: number;
  /** Requests of the current second, this one included. */
  second: number;
}

/**
 * Counts one request of `subject` (an API key's secret hash, or an address for keyless callers) in
 * DynamoDB, so the limits hold across Lambda instances. ONE UpdateItem per request: the item of the
 * current minute holds the minute's total (`m`) and a count per second (`s<second>`); it expires after
 * two minutes. Fixed windows: simple, and a partner can predict them from RateLimit-Reset. The count
 * needs no setting of the key, so it goes out at the same moment as the key's own read
 * (docs/decisions.md, "Where a request's time goes"); the settings apply afterwards (`policyStates`).
 */
export async function countRequest(subject: string, at: Date): Promise<WindowCount> {
  const ms = at.getTime();
  const minute = Math.floor(ms / 60000);
  const second = Math.floor(ms / 1000) % 60;
  const res = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: rateWindowKey(subject, minute),
      UpdateExpression: 'ADD m :one, #s :one SET #ttl = :ttl, last_at = :at',
      ExpressionAttributeNames: { '#s': `s${second}`, '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':one': 1, ':ttl': minute * 60 + 180, ':at': at.toISOString() },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const attrs = res.Attributes ?? {};
  return { at, minute: Number(attrs.m ?? 1), second: Number(attrs[`s${second}`] ?? 1) };
}

/** The two policies of a key's settings, as one count left them. */
export function policyStates(settings: RateLimitSettings, count: WindowCount): PolicyState[] {
  const ms = count.at.getTime();
  const minute = Math.floor(ms / 60000);
  return [
    { name: 'burst', quota: settings.burst, window: 1, used: count.second, reset: 1 },
    {
      name: 'sustained',
      quota: settings.sustained,
      window: 60,
      used: count.minute,
      reset: Math.max(1, Math.ceil(((minute + 1) * 60000 - ms) / 1000)),
    },
  ];
}
