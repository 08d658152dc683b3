import type { ApiKeyRecord } from './api-key';
import type { Mode, Scope } from '../scope';

/**
 * How long an API process answers a key from the record it last read, without reading it again
 * (docs/decisions.md, "State kept between requests"). Every check still runs on that record for
 * each request (expiry exact to the request's time, allow-list, scope, mode) and the request is still
 * counted; what can be late is a change written by ANOTHER process: a revocation made elsewhere is
 * seen within this long. A revocation made in this process is seen at once (`forgetCachedKey`).
 */
export const KEY_CACHE_MS = 1_000;

/**
 * What this process knows of a key, by the hash of its secret: its partner and id (a key never changes
 * partner or mode) and, while it is cached, the record as read when it last authenticated.
 */
interface SeenKey {
  partnerId: string;
  keyId: string;
  cached?: { record: ApiKeyRecord; from: number; until: number };
}

/** Bounded; the key seen least recently is forgotten first. */
const seenKeys = new Map<string, SeenKey>();
const SEEN_KEYS_MAX = 1_000;

/**
 * How many times this process has forgotten cached keys. A read that began before a forget may answer
 * with the record as it was before the change (a revocation committing while the read is in flight):
 * such a record authenticates its own request, as it would have a moment earlier, but is not cached.
 */
let forgets = 0;

/** Taken before a key's read, and handed to `cacheKey` with what it read. */
export function keyReadBegins(): number {
  return forgets;
}

/**
 * Remember a key that has just authenticated (found, not revoked, of the mode its prefix names), read
 * at `readAt` or later: it is cached until `KEY_CACHE_MS` after that, unless a key was forgotten since
 * its read began. Only such keys are cached, so an unknown, revoked or wrong-mode key is read on every
 * request, and a key created a moment ago in another process works at once.
 */
export function cacheKey(secretHash: string, record: ApiKeyRecord, readAt: Date, readBegan: number): void {
  seenKeys.delete(secretHash);
  const from = readAt.getTime();
  const cached = readBegan === forgets ? { record, from, until: from + KEY_CACHE_MS } : undefined;
  seenKeys.set(secretHash, { partnerId: record.partner_id, keyId: record.id, cached });
  if (seenKeys.size > SEEN_KEYS_MAX) seenKeys.delete(seenKeys.keys().next().value as string);
}

/**
 * The record cached for this secret at `at`, or undefined when it must be read. A request dated before
 * the read (a clock set back) reads too: the record is never used for longer than `KEY_CACHE_MS`.
 */
export function cachedKey(secretHash: string, at: Date): ApiKeyRecord | undefined {
  const cached = seenKeys.get(secretHash)?.cached;
  const ms = at.getTime();
  return cached && cached.from <= ms && ms < cached.until ? cached.record : undefined;
}

/**
 * After a change to a key's item in this process (its revocation): the key is read again on its next
 * request here. What the process has seen of it (its partner, its id) stays: it is no right.
 */
export function forgetCachedKey(keyId: string): void {
  forgets++;
  for (const seen of seenKeys.values()) if (seen.keyId === keyId) seen.cached = undefined;
}

/** Every cached record forgotten (what is seen stays): for tests and benchmarks that need the key read. */
export function forgetCachedKeys(): void {
  forgets++;
  for (const seen of seenKeys.values()) seen.cached = undefined;
}

/**
 * The scope a presented key had when this process last authenticated it, before it is read again: a
 * key never changes partner or mode, so an operation's own read can go out at the same moment as the
 * key's (its answer is used only once the key is authenticated, and only for that same scope). Not a
 * right: revocation, expiry, address and scope are checked on the key as read or cached for this request.
 */
export function lastSeenScope(secretHash: string, mode: Mode): Scope | undefined {
  const partnerId = seenKeys.get(secretHash)?.partnerId;
  return partnerId ? { partnerId, mode } : undefined;
}
