import { createHash } from 'node:crypto';
import type { ReadBatch } from '../store/read-batch';
import { apiKeyBySecretHash, putNewApiKey } from '../store/entities/api-key';
import type { Mode } from '../scope';
import { newId, randomBase62 } from '../ids';
import { nowIso } from '../clock';
import { ALL_SCOPES } from './scopes';
import { DEFAULT_RATE_LIMIT, type RateLimitSettings } from '../rate-limit/policy';

/** An API key as stored: never the secret itself, only its SHA-256. */
export interface ApiKeyRecord {
  id: string;
  partner_id: string;
  mode: Mode;
  name: string;
  scopes: string[];
  expires_at?: string;
  allowed_ips: string[];
  rate_limit: RateLimitSettings;
  /** First characters of the secret, to recognise a key in the dashboard (`svc_live_AbCd…`). */
  hint: string;
  created_at: string;
  revoked_at?: string;
}

export const KEY_PREFIX: Record<Mode, string> = { live: 'svc_live_', test: 'svc_test_' };

/** The key's mode from its prefix, or undefined when it has neither (spec Authentication 2). */
export function modeOfSecret(secret: string): Mode | undefined {
  if (secret.startsWith(KEY_PREFIX.live)) return 'live';
  if (secret.startsWith(KEY_PREFIX.test)) return 'test';
  return undefined;
}

/** Keys carry ~190 random bits, so a plain SHA-256 is a sufficient one-way store (no slow hash needed). */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export interface IssueKeyInput {
  partnerId: string;
  mode: Mode;
  name?: string;
  /** Left out: the key holds `*`. An empty list holds nothing (the dashboard refuses one before it gets here). */
  scopes?: string[];
  expiresAt?: string;
  allowedIps?: string[];
  rateLimit?: RateLimitSettings;
}

/** A new key, not yet stored: its secret (shown once, never again), the hash it is stored under, its record. */
export function mintApiKey(input: IssueKeyInput): { secret: string; secretHash: string; record: ApiKeyRecord } {
  const secret = KEY_PREFIX[input.mode] + randomBase62(32);
  const record: ApiKeyRecord = {
    id: newId('apiKey'),
    partner_id: input.partnerId,
    mode: input.mode,
    name: input.name ?? `${input.mode} key`,
    scopes: input.scopes ?? [ALL_SCOPES],
    expires_at: input.expiresAt,
    allowed_ips: input.allowedIps ?? [],
    rate_limit: input.rateLimit ?? DEFAULT_RATE_LIMIT,
    hint: secret.slice(0, KEY_PREFIX[input.mode].length + 4),
    created_at: nowIso(),
  };
  return { secret, secretHash: hashSecret(secret), record };
}

/** Mints and stores a key (the seed, the canary's key); the secret is returned here once and never again. */
export async function issueApiKey(input: IssueKeyInput): Promise<{ secret: string; record: ApiKeyRecord }> {
  const { secret, secretHash, record } = mintApiKey(input);
  await putNewApiKey(secretHash, record);
  return { secret, record };
}

export async function findApiKey(secret: string): Promise<ApiKeyRecord | undefined> {
  return findApiKeyByHash(hashSecret(secret));
}

/**
 * The key stored under a secret's hash, read strongly consistent (with others in one request when
 * `batch` is given): a process keeps what it read for `KEY_CACHE_MS`, so a revocation is late by at
 * most that much, never by the replication lag of an eventually consistent read as well.
 */
export async function findApiKeyByHash(secretHash: string, batch?: ReadBatch): Promise<ApiKeyRecord | undefined> {
  return apiKeyBySecretHash<ApiKeyRecord>(secretHash, batch);
}
