import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../store/client';
import { rateWindowKey } from '../store/keys';
import type { PolicyState, RateLimitSettings } from './policy';

/**
 * Counts one request of `subject` (a key id, or an address for keyless callers) in DynamoDB, so the
 * limits hold across Lambda instances. ONE UpdateItem per request: the item of the current minute
 * holds the minute's total (`m`) and a count per second (`s<second>`); it expires after two minutes.
 * Fixed windows: simple, and a partner can predict them from RateLimit-Reset.
 */
export async function countRequest(subject: string, settings: RateLimitSettings, at: Date): Promise<PolicyState[]> {
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
  return [
    { name: 'burst', quota: settings.burst, window: 1, used: Number(attrs[`s${second}`] ?? 1), reset: 1 },
    {
      name: 'sustained',
      quota: settings.sustained,
      window: 60,
      used: Number(attrs.m ?? 1),
      reset: Math.max(1, Math.ceil(((minute + 1) * 60000 - ms) / 1000)),
    },
  ];
}
