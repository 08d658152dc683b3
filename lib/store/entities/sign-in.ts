import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '../dynamodb';
import { db, tableName } from '../client';
import { recordOf } from '../entity';
import { SIGN_IN_CODE_SK_PREFIX, signInCodeKey, signInDeviceKey, signInIpWindowKey, signInLimitKey, signInPartition } from '../keys';
import { TTL_ATTRIBUTE } from '../table-definition';
import type { WriteSet } from '../write-set';
import { allOf, equals, itemAbsent } from '../expression';

/** One e-mailed sign-in code of an address (only its hash), bound to who asked for it. */
export interface SignInCodeRecord {
  id: string;
  email: string;
  /** The SHA-256 hash of the code, bound to its purpose and address (lib/crypto/one-time-code.ts); `none` for an unknown address. */
  code_hash: string;
  partner_id?: string;
  staff_id?: string;
  /** The SHA-256 of what identifies the asker: the sign-in page's cookie, else the source address. */
  requester: string;
  attempts: number;
  created_at: string;
  expires_at: string;
}

/** An address's day of sign-in: codes sent and wrong entries in the window, and its lockout. */
export interface SignInLimitRecord {
  window_started_at: string;
  sends: number;
  wrong: number;
  /** While set and ahead, codes are sent only to trusted devices and only bound entries are checked. */
  locked_until?: string;
  /** Lockouts in a row (reset by a successful sign-in): each lasts twice the one before. */
  lockouts: number;
}

const isConditionFailure = (error: unknown) => (error as { name?: string }).name === 'ConditionalCheckFailedException';

export async function putSignInCode(record: SignInCodeRecord): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...signInCodeKey(record.email, record.created_at, record.id),
        entity: 'sign_in_code',
        ...record,
        [TTL_ATTRIBUTE]: Math.ceil(Date.parse(record.expires_at) / 1000) + 60,
      },
    }),
  );
}

/** The address's pending codes, oldest first (at most a day's cap of them live at once). */
export async function signInCodesOf(email: string): Promise<SignInCodeRecord[]> {
  const res = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': signInPartition(email), ':prefix': SIGN_IN_CODE_SK_PREFIX },
      ConsistentRead: true,
    }),
  );
  return (res.Items ?? []).map((i) => recordOf<SignInCodeRecord>(i, [TTL_ATTRIBUTE]));
}

/** Counts one try of a code, unless it has had its share; false when it had (or is gone). */
export async function spendCodeAttempt(code: SignInCodeRecord, max: number): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: signInCodeKey(code.email, code.created_at, code.id),
        UpdateExpression: 'ADD attempts :one',
        ConditionExpression: 'attempts < :max AND code_hash = :hash',
        ExpressionAttributeValues: { ':one': 1, ':max': max, ':hash': code.code_hash },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Uses a code up: exactly one session per code, even when two tabs submit it at once. */
export async function deleteSignInCode(code: SignInCodeRecord): Promise<boolean> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: signInCodeKey(code.email, code.created_at, code.id),
        ConditionExpression: 'code_hash = :hash',
        ExpressionAttributeValues: { ':hash': code.code_hash },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function getSignInLimit(email: string): Promise<SignInLimitRecord | undefined> {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: signInLimitKey(email), ConsistentRead: true }));
  return res.Item ? recordOf<SignInLimitRecord>(res.Item, [TTL_ATTRIBUTE]) : undefined;
}

/**
 * Writes the address's limit record if it is still as it was read (`expected`: its window start,
 * sends and wrong entries), so two requests at once cannot both take the last send or entry.
 */
export async function putSignInLimit(
  email: string,
  record: SignInLimitRecord,
  expected: SignInLimitRecord | undefined,
  keepUntil: number,
): Promise<boolean> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...signInLimitKey(email), entity: 'sign_in_limit', ...record, [TTL_ATTRIBUTE]: Math.ceil(keepUntil / 1000) },
        ...(expected
          ? {
              ConditionExpression: 'window_started_at = :w AND sends = :s AND wrong = :x',
              ExpressionAttributeValues: { ':w': expected.window_started_at, ':s': expected.sends, ':x': expected.wrong },
            }
          : { ConditionExpression: 'attribute_not_exists(pk)' }),
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Clears the address's day of codes, wrong entries and lockouts, in the transaction of `ws` (an owner's act, audited). */
export function clearSignInLimit(ws: WriteSet, email: string): void {
  ws.delete(signInLimitKey(email));
}

/**
 * Writes the address's limit record in the transaction of `ws` (with the audit entries of a failed
 * sign-in or a lockout) if it is still as it was read (`expected`), else `onChanged()`.
 */
export function writeSignInLimit(
  ws: WriteSet,
  email: string,
  record: SignInLimitRecord,
  expected: SignInLimitRecord | undefined,
  keepUntil: number,
  onChanged: () => Error,
): void {
  ws.put(
    { ...signInLimitKey(email), entity: 'sign_in_limit', ...record, [TTL_ATTRIBUTE]: Math.ceil(keepUntil / 1000) },
    {
      condition: expected
        ? allOf(equals('window_started_at', expected.window_started_at), equals('sends', expected.sends), equals('wrong', expected.wrong))
        : itemAbsent(),
      onFailed: onChanged,
    },
  );
}

export async function deleteSignInLimit(email: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: signInLimitKey(email) }));
}

/** A device cookie's record: which address it signed in as, and until when it is trusted. */
export async function putTrustedDevice(email: string, deviceHash: string, expiresAt: string): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...signInDeviceKey(email, deviceHash),
        entity: 'sign_in_device',
        email,
        expires_at: expiresAt,
        sends: 0,
        window_started_at: new Date(0).toISOString(),
        [TTL_ATTRIBUTE]: Math.ceil(Date.parse(expiresAt) / 1000),
      },
    }),
  );
}

/**
 * Takes one of a trusted device's own sends in its window (a device has a day's cap of its own, apart
 * from the address's): false when the device is unknown, expired, or out of sends.
 */
export async function takeTrustedDeviceSend(
  email: string,
  deviceHash: string,
  at: number,
  windowMs: number,
  max: number,
): Promise<boolean> {
  const key = signInDeviceKey(email, deviceHash);
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  const item = res.Item;
  if (!item || Date.parse(item.expires_at as string) <= at) return false;
  const fresh = Date.parse(item.window_started_at as string) + windowMs <= at;
  const sends = fresh ? 0 : (item.sends as number);
  if (sends >= max) return false;
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET sends = :next, window_started_at = :w',
        ConditionExpression: 'sends = :sends AND window_started_at = :was',
        ExpressionAttributeValues: {
          ':next': sends + 1,
          ':w': fresh ? new Date(at).toISOString() : item.window_started_at,
          ':sends': item.sends,
          ':was': item.window_started_at,
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Counts one sign-in request of a source address in its window; returns the window's count so far. */
export async function countSignInFromIp(ip: string, window: string, keepUntil: number): Promise<number> {
  const res = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: signInIpWindowKey(ip, window),
      UpdateExpression: 'ADD n :one SET entity = :entity, #ttl = :ttl',
      ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
      ExpressionAttributeValues: { ':one': 1, ':entity': 'sign_in_ip_window', ':ttl': Math.ceil(keepUntil / 1000) },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return res.Attributes?.n as number;
}
