import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The keys of one signing secret: `current` signs; `previous` (during a rotation) still verifies what
 * `current` signed before the rotation. The secret's value is `{"current": "…", "previous": "…"}`
 * (infra/aws/constructs/data.ts generates it; `npm run ops -- rotate-signing-key` rotates it).
 */
export interface KeySet {
  current: string;
  previous?: string;
}

/**
 * How long a function keeps a signing secret between reads (Powertools Parameters' cache): a rotation
 * reaches every function within this long, and the previous key verifies meanwhile. The operator waits
 * at least this long between two rotations (the second would retire a key still in use).
 */
export const KEY_CACHE_SECONDS = 300;

/** The key set a secret's JSON value holds; an Error naming the secret when it holds none. */
export function keySetOf(value: unknown, secret: string): KeySet {
  const v = value as Partial<KeySet> | undefined;
  if (!v || typeof v.current !== 'string' || v.current.length < 32)
    throw new Error(`The secret ${secret} holds no usable key: its value must be {"current": "<at least 32 characters>"}.`);
  return typeof v.previous === 'string' && v.previous.length >= 32 ? { current: v.current, previous: v.previous } : { current: v.current };
}

/** The MAC of `data` under `key`, base64url, cut to `length` characters when given. */
export function macOf(key: string, data: string, length?: number): string {
  const mac = createHmac('sha256', key).update(data).digest('base64url');
  return length ? mac.slice(0, length) : mac;
}

/** Whether `signature` is `data`'s MAC under the current or the previous key; compared in constant time. */
export function signedByKeySet(keys: KeySet, data: string, signature: string, length?: number): boolean {
  let ok = false;
  for (const key of [keys.current, keys.previous]) {
    if (key === undefined) continue;
    const expected = macOf(key, data, length);
    // Both keys are always compared: the time taken does not say which one matched.
    if (signature.length === expected.length && timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) ok = true;
  }
  return ok;
}
