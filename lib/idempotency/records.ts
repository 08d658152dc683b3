import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '../store/dynamodb';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { ApiError } from '../errors';
import { db, tableName } from '../store/client';
import { idempotencyKey } from '../store/keys';
import type { Scope } from '../scope';
import { TTL_ATTRIBUTE } from '../store/table-definition';
import { retryTransient } from '../store/transient';
import type { WriteSet } from '../store/write-set';

/** Keys are kept 24 hours from their first use (docs/decisions.md, "Idempotency"). */
export const IDEMPOTENCY_RETENTION_SECONDS = 24 * 60 * 60;
/**
 * How long a claimed key stays `in_progress` before another request may take it over: longer than
 * any request can run (API Gateway stops waiting at 29 s), so a live owner is never overtaken, and a
 * crashed one does not block its key for a day.
 */
const IDEMPOTENCY_LOCK_MS = 60_000;

/**
 * The lock in force: `IDEMPOTENCY_LOCK_MS` from the environment shortens it for experiments and for
 * the short form of the crash proof (test/e2e/faults.test.ts), which would otherwise wait out a
 * minute for the keys its kill left locked (docs/decisions.md, "Idempotency"). No stage sets it.
 */
export function idempotencyLockMs(): number {
  const set = Number(process.env.IDEMPOTENCY_LOCK_MS);
  return Number.isFinite(set) && set > 0 ? set : IDEMPOTENCY_LOCK_MS;
}

/** The parts of a response that are replayed: status, body and the headers that describe them. */
export interface StoredResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

const REPLAYED_HEADERS = ['Content-Type', 'Location', 'Last-Modified'];

export function storable(result: APIGatewayProxyResult): StoredResponse {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(result.headers ?? {})) {
    if (REPLAYED_HEADERS.some((h) => h.toLowerCase() === k.toLowerCase())) headers[k] = String(v);
  }
  return { statusCode: result.statusCode, headers, body: result.body };
}

export type Claim = { kind: 'claimed' } | { kind: 'replay'; response: StoredResponse };

/**
 * Claims `key` for this request with ONE conditional put of an `in_progress` record: it succeeds when
 * the key is unused, expired, or held by a request whose lock ran out. Otherwise the record decides:
 * another request's fingerprint → `idempotency_key_mismatch`; still running → `idempotency_key_in_use`;
 * finished → its response is replayed.
 */
export async function claimKey(scope: Scope, key: string, fingerprint: string, owner: string, now: Date): Promise<Claim> {
  const nowMs = now.getTime();
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await retryTransient(() =>
        db().send(
          new PutCommand({
            TableName: tableName(),
            Item: {
              ...idempotencyKey(scope, key),
              entity: 'idempotency',
              status: 'in_progress',
              fingerprint,
              owner,
              locked_until: nowMs + idempotencyLockMs(),
              created_at: now.toISOString(),
              [TTL_ATTRIBUTE]: Math.floor(nowMs / 1000) + IDEMPOTENCY_RETENTION_SECONDS,
            },
            ConditionExpression: 'attribute_not_exists(pk) OR #ttl < :nowSec OR (#status = :running AND locked_until < :nowMs)',
            ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE, '#status': 'status' },
            ExpressionAttributeValues: { ':nowSec': Math.floor(nowMs / 1000), ':running': 'in_progress', ':nowMs': nowMs },
          }),
        ),
      );
      return { kind: 'claimed' };
    } catch (error) {
      if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
    }
    const held = (await db().send(new GetCommand({ TableName: tableName(), Key: idempotencyKey(scope, key), ConsistentRead: true }))).Item;
    if (!held) continue; // released between our put and our read: claim again
    if (held.fingerprint !== fingerprint) {
      throw new ApiError(
        'idempotency_key_mismatch',
        `The Idempotency-Key '${key}' was first used with a different request (method, path, query, body or Service-Account).`,
        [
          {
            reason: 'key reused with a different request',
            location: '$.headers.Idempotency-Key',
            validation_type: 'custom',
            how_to_fix: 'Use a new Idempotency-Key for a new request; reuse a key only to retry exactly the same request.',
          },
        ],
      );
    }
    if (held.status === 'completed') return { kind: 'replay', response: held.response as StoredResponse };
    throw new ApiError(
      'idempotency_key_in_use',
      `A request with the Idempotency-Key '${key}' is still being processed. Retry after it finishes.`,
      undefined,
      { 'Retry-After': '1' },
    );
  }
  throw new ApiError('idempotency_key_in_use', `The Idempotency-Key '${key}' is changing hands; retry shortly.`, undefined, {
    'Retry-After': '1',
  });
}

const ownedAndRunning = (owner: string) => ({
  expression: '#owner = :owner AND #status = :running',
  names: { '#owner': 'owner', '#status': 'status' },
  values: { ':owner': owner, ':running': 'in_progress' },
});

const completion = (response: StoredResponse) => ({
  expression: 'SET #status = :completed, #response = :response REMOVE locked_until',
  names: { '#status': 'status', '#response': 'response' },
  values: { ':completed': 'completed', ':response': response },
});

/**
 * Stores the response of a finished request (when the operation did not seal it in its own
 * transaction). Retried through passing conflicts and throttles: the change is already applied, and
 * only this record stops a retry of the request from applying it again.
 */
export async function completeKey(scope: Scope, key: string, owner: string, response: StoredResponse): Promise<void> {
  const c = ownedAndRunning(owner);
  const u = completion(response);
  try {
    await retryTransient(() =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: idempotencyKey(scope, key),
          UpdateExpression: u.expression,
          ConditionExpression: c.expression,
          ExpressionAttributeNames: { ...u.names, ...c.names },
          ExpressionAttributeValues: { ...u.values, ...c.values },
        }),
      ),
    );
  } catch (error) {
    if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
  }
}

/**
 * Puts the completion of the key into the operation's own transaction, so the change and the
 * response to replay commit together: a crash after the commit can never make a retry run the
 * operation twice. The condition also stops a request whose lock was taken over from committing.
 */
export function sealKey(ws: WriteSet, scope: Scope, key: string, owner: string, response: StoredResponse): void {
  ws.update(idempotencyKey(scope, key), completion(response), {
    ...ownedAndRunning(owner),
    onFailed: () => new ApiError('idempotency_key_in_use', `The Idempotency-Key '${key}' was taken over by a retry of this request.`),
  });
}

/** Frees the key after a failed request, so the caller can retry it with the same key (at once, not after the lock). */
export async function releaseKey(scope: Scope, key: string, owner: string): Promise<void> {
  const c = ownedAndRunning(owner);
  try {
    await retryTransient(() =>
      db().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: idempotencyKey(scope, key),
          ConditionExpression: c.expression,
          ExpressionAttributeNames: c.names,
          ExpressionAttributeValues: c.values,
        }),
      ),
    );
  } catch (error) {
    if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
  }
}
