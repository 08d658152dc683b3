import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '../dynamodb';
import { db, tableName } from '../client';
import { isConditionFailed } from '../condition-failed';
import { allOf, anyOf, type Condition, renderExpressions, type Update } from '../expression';
import { defineEntity } from '../entity';
import { idempotencyKey } from '../keys';
import { TTL_ATTRIBUTE } from '../table-definition';
import { retryTransient } from '../transient';
import type { Scope } from '../../scope';
import type { WriteSet } from '../write-set';

/**
 * An `Idempotency-Key` record: one per partner, mode and key, claimed by a request (`in_progress`,
 * locked for a while), completed with the response to replay, or released; it expires after its
 * retention (TTL). Reached by every write route, so IAM grants its writes on `IDEM#` items alone
 * (infra/aws/access/narrowed-modules.ts): it sends its own commands. A write that must not be lost to
 * a passing conflict is retried (`retryTransient`).
 */

/** The response a completed key replays. */
export interface StoredResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

/** A record as read back. */
export interface IdempotencyRecord {
  status: 'in_progress' | 'completed';
  fingerprint: string;
  owner: string;
  response?: StoredResponse;
}

/** A record as stored: its claim's lock and when it was made, beside what is read back. */
interface StoredIdempotencyRecord extends IdempotencyRecord {
  key: string;
  /** While `in_progress`: until when (epoch ms) the claim is its owner's; a later claim may take it after. */
  locked_until?: number;
  created_at: string;
}

const idempotencyEntity = defineEntity<StoredIdempotencyRecord, { [TTL_ATTRIBUTE]: number }>({
  name: 'idempotency',
  key: (scope, record) => idempotencyKey(scope, record.key),
  keyOnly: ['key'],
  internal: [TTL_ATTRIBUTE],
});
const where = idempotencyEntity.where;

/** Held by `owner` and still running: what completing or releasing a key requires. */
const ownedAndRunning = (owner: string): Condition => allOf(where.equals('owner', owner), where.equals('status', 'in_progress'));

const completion = (response: StoredResponse): Update =>
  idempotencyEntity.update({ set: { status: 'completed', response }, remove: ['locked_until'] });

/**
 * Claims the key for `owner` until `lockedUntilMs`: only if it is new, expired (`nowMs` past its
 * retention), or a claim whose lock ran out. False when another holds it or completed it.
 */
export async function claimIdempotencyRecord(
  scope: Scope,
  key: string,
  claim: { fingerprint: string; owner: string; nowMs: number; lockedUntilMs: number; retentionSeconds: number },
): Promise<boolean> {
  const nowSec = Math.floor(claim.nowMs / 1000);
  const condition = anyOf(
    where.absent(),
    where.lessThan(TTL_ATTRIBUTE, nowSec),
    allOf(where.equals('status', 'in_progress'), where.lessThan('locked_until', claim.nowMs)),
  );
  const record: StoredIdempotencyRecord = {
    key,
    status: 'in_progress',
    fingerprint: claim.fingerprint,
    owner: claim.owner,
    locked_until: claim.lockedUntilMs,
    created_at: new Date(claim.nowMs).toISOString(),
  };
  try {
    await retryTransient(() =>
      db().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...idempotencyEntity.item(scope, record), [TTL_ATTRIBUTE]: nowSec + claim.retentionSeconds },
          ...renderExpressions(undefined, [condition]),
        }),
      ),
    );
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** idempotencyRecord (consistent): the key's record, or undefined when there is none (released meanwhile). */
export async function idempotencyRecordOf(scope: Scope, key: string): Promise<IdempotencyRecord | undefined> {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: idempotencyKey(scope, key), ConsistentRead: true }));
  return res.Item ? idempotencyEntity.record(res.Item) : undefined;
}

/** Completes `owner`'s claim with the response to replay; nothing when the claim is no longer `owner`'s. */
export async function completeIdempotencyRecord(scope: Scope, key: string, owner: string, response: StoredResponse): Promise<void> {
  try {
    await retryTransient(() =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: idempotencyKey(scope, key),
          ...renderExpressions(completion(response), [ownedAndRunning(owner)]),
        }),
      ),
    );
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
}

/** Completes `owner`'s claim in the operation's own transaction: `onTakenOver` when it is no longer `owner`'s. */
export function addIdempotencyCompletion(
  ws: WriteSet,
  scope: Scope,
  key: string,
  owner: string,
  response: StoredResponse,
  onTakenOver: () => Error,
): void {
  ws.update(idempotencyKey(scope, key), completion(response), { condition: ownedAndRunning(owner), onFailed: onTakenOver });
}

/** Releases `owner`'s claim (the request failed: a retry may claim it at once); nothing when it is no longer `owner`'s. */
export async function releaseIdempotencyRecord(scope: Scope, key: string, owner: string): Promise<void> {
  try {
    await retryTransient(() =>
      db().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: idempotencyKey(scope, key),
          ...renderExpressions(undefined, [ownedAndRunning(owner)]),
        }),
      ),
    );
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
}
