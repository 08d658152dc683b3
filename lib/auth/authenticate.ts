import { ApiError } from '../errors';
import { findApiKeyByHash, hashSecret, modeOfSecret, type ApiKeyRecord } from './api-key';
import type { Mode } from '../scope';
import { ipAllowed } from './ip-allow-list';
import { grants, type ScopeName } from './scopes';
import { recentPartner } from '../partners/partner';
import type { Caller } from './caller';
import type { ReadBatch } from '../store/read-batch';
import { cacheKey, cachedKey, keyReadBegins } from './key-cache';

/** RFC 9110 §11.1: the scheme name is case-insensitive and followed by one or more spaces. */
const BEARER = /^Bearer +([A-Za-z0-9_]{1,200})$/i;

/** A key as presented: the SHA-256 of its secret (what the key is stored under) and the mode its prefix names. */
export interface PresentedKey {
  secretHash: string;
  mode: Mode;
}

const NOT_RECOGNISED =
  'The API key is not recognised. Check it in the dashboard; a revoked key stops working within a second of its revocation.';

/**
 * Spec Authentication 1–2: `Authorization: Bearer <key>`, the prefix picks the mode. A missing or
 * malformed key, or one with neither prefix, is `api_key_invalid` before anything is read.
 */
export function presentedKey(authorization: string | undefined): PresentedKey {
  const match = authorization ? BEARER.exec(authorization.trim()) : null;
  if (!match) {
    throw new ApiError('api_key_invalid', 'Send your API key as `Authorization: Bearer svc_live_…` or `svc_test_…`.');
  }
  const secret = match[1];
  const mode = modeOfSecret(secret);
  if (!mode) throw new ApiError('api_key_invalid', NOT_RECOGNISED);
  return { secretHash: hashSecret(secret), mode };
}

/**
 * Spec Authentication 3: an unknown or revoked key, or one stored for the other mode, is `api_key_invalid`.
 * A key that authenticated in this process less than `KEY_CACHE_MS` before `at` is answered from the
 * record cached then, with no read (lib/auth/key-cache.ts); otherwise it is read, strongly consistent, in
 * the request's shared BatchGetItem when `batch` is given, and cached if it authenticates.
 */
export async function storedKey(presented: PresentedKey, at: Date, batch?: ReadBatch): Promise<ApiKeyRecord> {
  const cached = cachedKey(presented.secretHash, at);
  if (cached) return cached;
  const began = keyReadBegins();
  const key = await findApiKeyByHash(presented.secretHash, batch);
  if (!key || key.revoked_at || key.mode !== presented.mode) throw new ApiError('api_key_invalid', NOT_RECOGNISED);
  cacheKey(presented.secretHash, key, at, began);
  return key;
}

/**
 * The caller behind a key: its partner (name, versions: read at most `PARTNER_CACHE_MS` ago) and the
 * scope every read is limited to.
 */
export async function callerOf(key: ApiKeyRecord): Promise<Caller> {
  const partner = await recentPartner(key.partner_id);
  if (!partner) throw new ApiError('api_key_invalid', 'The API key is not recognised.');
  return { partner, key, scope: { partnerId: partner.id, mode: key.mode } };
}

/** Expiry, IP allow-list and scope, each refused with its own code (spec Authentication 3). */
export function authorizeCaller(key: ApiKeyRecord, sourceIp: string, required: ScopeName | undefined, at: Date): void {
  if (key.expires_at && Date.parse(key.expires_at) <= at.getTime()) {
    throw new ApiError('api_key_expired', `This API key expired at ${key.expires_at}. Create a new key in the dashboard.`);
  }
  if (!ipAllowed(key.allowed_ips, sourceIp)) {
    throw new ApiError(
      'ip_address_not_allowed',
      `Requests from ${sourceIp} are not allowed for this key. Add the address to the key's allow-list in the dashboard.`,
    );
  }
  if (!grants(key.scopes, required)) {
    throw new ApiError(
      'insufficient_scope',
      `This key lacks the '${required}' scope. Use a key that holds it, or create one in the dashboard.`,
    );
  }
}
