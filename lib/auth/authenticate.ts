import { ApiError } from '../errors';
import { findApiKey, modeOfSecret, type ApiKeyRecord } from './api-key';
import { ipAllowed } from './ip-allow-list';
import { grants, type ScopeName } from './scopes';
import { getPartner } from '../partners/partner';
import type { Caller } from './caller';

/** RFC 9110 §11.1: the scheme name is case-insensitive and followed by one or more spaces. */
const BEARER = /^Bearer +([A-Za-z0-9_]{1,200})$/i;

/**
 * Spec Authentication 1–3: `Authorization: Bearer <key>`; the prefix picks the mode; a missing,
 * malformed, unknown or revoked key is `api_key_invalid`.
 */
export async function identifyKey(authorization: string | undefined): Promise<ApiKeyRecord> {
  const match = authorization ? BEARER.exec(authorization.trim()) : null;
  if (!match) {
    throw new ApiError('api_key_invalid', 'Send your API key as `Authorization: Bearer svc_live_…` or `svc_test_…`.');
  }
  const secret = match[1];
  const mode = modeOfSecret(secret);
  const key = mode ? await findApiKey(secret) : undefined;
  if (!mode || !key || key.revoked_at || key.mode !== mode) {
    throw new ApiError('api_key_invalid', 'The API key is not recognised. Check it in the dashboard; revoked keys stop working at once.');
  }
  return key;
}

/** The caller behind a key: its partner (settings, versions) and the scope every read is limited to. */
export async function callerOf(key: ApiKeyRecord): Promise<Caller> {
  const partner = await getPartner(key.partner_id);
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
