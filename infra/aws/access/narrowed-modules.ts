import { idempotencyKey, rateWindowKey, requestLogHourKey, requestLogKey } from '../../../lib/store/keys';

/** A module whose table writes touch only items under one key prefix: its grant says so. */
export interface Narrowing {
  name: string;
  /** `dynamodb:LeadingKeys` patterns (StringLike) the grant is limited to. */
  leadingKeys?: string[];
  /** The one signing secret the module reads (grants.ts names its ARN): `secretsmanager:GetSecretValue` on it alone. */
  secret?: 'cursor' | 'hostedLink' | 'oneTimeCode' | 'canary' | 'operator';
  /** An SQS module that sends to one queue only: its grant names that queue (grants.ts `clockQueueArns`, `mailQueueArns`). */
  queue?: 'sandbox-clock-steps' | 'mail';
  /**
   * Granted only to functions of routes whose method writes (POST, PUT, PATCH, DELETE): the module
   * is reachable from every handler but runs only for writes.
   */
  writeRoutesOnly?: boolean;
}

/** The partition-key prefix of a key builder's items (`RATE#`, `IDEM#`), read from the builder itself. */
const prefixOf = (pk: string) => `${pk.slice(0, pk.indexOf('#') + 1)}*`;

/**
 * Modules reached by every API handler whose writes must not make every handler a writer:
 *
 * - The rate-limit counter: every API call counts itself with ONE UpdateItem (decisions.md, "Rate
 *   limiting"). Its grant is `dynamodb:UpdateItem` only where the partition key starts with `RATE#`.
 * - Idempotency records: the middleware that claims and seals `Idempotency-Key` records is part of
 *   `apiOperation` but runs only for operations declared `idempotent`, which are writes. Its grant
 *   (Put/Update/Delete on `IDEM#…` items only) goes to write routes only; a GET route never gets it.
 * - The request log: every API handler may write its answer's entry with ONE PutItem (an answer of 400
 *   or more on a GET too; decisions.md, "The request log"). Its grant is on `REQ#…` items only.
 * - The request log's hour counts: a listing of the log keeps the counts of a closed hour it had to
 *   count (decisions.md, "Listing the log") with BatchWriteItem. Its grant is on `REQCNT#…` items only.
 */
export const NARROWED_MODULES: Record<string, Narrowing> = {
  // Each signing key is its own secret, read by its own module: a function that lists pages cannot mint invoice links.
  'lib/signing-keys/cursor-keys.ts': { name: 'cursor-key', secret: 'cursor' },
  'lib/signing-keys/hosted-link-keys.ts': { name: 'hosted-link-key', secret: 'hostedLink' },
  'lib/signing-keys/one-time-code-keys.ts': { name: 'one-time-code-key', secret: 'oneTimeCode' },
  // The operator rotates the signing keys and writes the canary's key (npm run ops -- rotate-signing-key, set-canary-key).
  'lib/operator/partner-actions.ts': { name: 'operator-secrets', secret: 'operator' },
  // The canary reads its own key only.
  'lib/canary/probe.ts': { name: 'canary-key', secret: 'canary' },
  'lib/store/entities/rate-window.ts': { name: 'rate-limit-counter', leadingKeys: [prefixOf(rateWindowKey('x', 0).pk)] },
  'lib/store/entities/idempotency-record.ts': {
    name: 'idempotency-records',
    leadingKeys: [prefixOf(idempotencyKey({ partnerId: 'x', mode: 'live' }, 'k').pk)],
    writeRoutesOnly: true,
  },
  // The sandbox clock's steps go to their own queue, never to the webhook lanes (and the lane code never to it).
  'lib/sandbox-clock/step-queue.ts': { name: 'sandbox-clock-steps', queue: 'sandbox-clock-steps' },
  // Sign-in codes go to the mail queue only, never to a lane (and a lane's code never to it).
  'lib/email/mail-queue.ts': { name: 'mail-queue', queue: 'mail' },
  'lib/store/entities/request-log-entry.ts': {
    name: 'request-log',
    leadingKeys: [prefixOf(requestLogKey({ partnerId: 'x', mode: 'live' }, 'r').pk)],
  },
  'lib/store/entities/request-log-hour.ts': {
    name: 'request-log-hours',
    leadingKeys: [prefixOf(requestLogHourKey({ partnerId: 'x', mode: 'live' }, '2026-01-01T00').pk)],
  },
};

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether a narrowed grant applies to a function serving `method` (undefined: not a route's function). */
export function narrowingApplies(narrowing: Narrowing, method: string | undefined): boolean {
  return !narrowing.writeRoutesOnly || (method !== undefined && WRITE_METHODS.has(method));
}
