import type { APIGatewayProxyResult } from 'aws-lambda';
import { ApiError } from '../errors';
import type { Scope } from '../scope';
import { REDACTED_HEADER, redactForReplay } from './redact-for-replay';
import type { WriteSet } from '../store/write-set';
import {
  addIdempotencyCompletion,
  claimIdempotencyRecord,
  completeIdempotencyRecord,
  idempotencyRecordOf,
  releaseIdempotencyRecord,
  type StoredResponse,
} from '../store/entities/idempotency-record';
import { variable } from '../config/variables';

export type { StoredResponse };

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
  const set = Number(variable('IDEMPOTENCY_LOCK_MS'));
  return Number.isFinite(set) && set > 0 ? set : IDEMPOTENCY_LOCK_MS;
}

const REPLAYED_HEADERS = ['Content-Type', 'Location', 'Last-Modified'];

/** The answer as kept for replay: its replayed headers, its body with credentials redacted (and a header naming them). */
export function storable(result: APIGatewayProxyResult): StoredResponse {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(result.headers ?? {})) {
    if (REPLAYED_HEADERS.some((h) => h.toLowerCase() === k.toLowerCase())) headers[k] = String(v);
  }
  const { body, redacted } = redactForReplay(result.body);
  if (redacted.length > 0) headers[REDACTED_HEADER] = redacted.join(', ');
  return { statusCode: result.statusCode, headers, body };
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
    if (
      await claimIdempotencyRecord(scope, key, {
        fingerprint,
        owner,
        nowMs,
        lockedUntilMs: nowMs + idempotencyLockMs(),
        retentionSeconds: IDEMPOTENCY_RETENTION_SECONDS,
      })
    )
      return { kind: 'claimed' };
    const held = await idempotencyRecordOf(scope, key);
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
    if (held.status === 'completed') return { kind: 'replay', response: held.response! };
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

/**
 * Stores the response of a finished request (when the operation did not complete it in its own
 * transaction). Retried through passing conflicts and throttles: the change is already applied, and
 * only this record stops a retry of the request from applying it again.
 */
export async function completeKey(scope: Scope, key: string, owner: string, response: StoredResponse): Promise<void> {
  await completeIdempotencyRecord(scope, key, owner, response);
}

/**
 * Puts the completion of the key into the operation's own transaction, so the change and the
 * response to replay commit together: a crash after the commit can never make a retry run the
 * operation twice. The condition also stops a request whose lock was taken over from committing.
 */
export function completeKeyInTransaction(ws: WriteSet, scope: Scope, key: string, owner: string, response: StoredResponse): void {
  addIdempotencyCompletion(
    ws,
    scope,
    key,
    owner,
    response,
    () => new ApiError('idempotency_key_in_use', `The Idempotency-Key '${key}' was taken over by a retry of this request.`),
  );
}

/** Frees the key after a failed request, so the caller can retry it with the same key (at once, not after the lock). */
export async function releaseKey(scope: Scope, key: string, owner: string): Promise<void> {
  await releaseIdempotencyRecord(scope, key, owner);
}
