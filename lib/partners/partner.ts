import { newId } from '../ids';
import { nowIso, realNowMs } from '../clock';
import { CURRENT_VERSION } from '../versioning/versions';
import { partnerById, putNewPartner, type Partner } from '../store/entities/partner';

export type { Partner };

export async function createPartner(input: { name: string; ownerEmail: string; id?: string }): Promise<Partner> {
  const partner: Partner = {
    id: input.id ?? newId('partner'),
    name: input.name,
    owner_email: input.ownerEmail.toLowerCase(),
    api_version: CURRENT_VERSION,
    webhook_version: CURRENT_VERSION,
    billing_status: 'active',
    created_at: nowIso(),
  };
  await putNewPartner(partner);
  return partner;
}

export async function getPartner(partnerId: string): Promise<Partner | undefined> {
  return partnerById(partnerId);
}

/**
 * How long a process keeps a partner's record between reads: the API's (GET /me, `Service-Version`)
 * and the signer's (the webhook version, the owner's e-mail), one cache for both. What they need from
 * it changes rarely and is not a right: the name, the pinned default API version, the webhook version. Rights live on the key, kept far more briefly and checked on
 * every request (`KEY_CACHE_MS`, lib/auth/key-cache.ts). Keeping the partner for a few seconds takes
 * the second round trip off every request (docs/decisions.md, "State kept between requests").
 */
export const PARTNER_CACHE_MS = 5_000;
/** Partners kept at the most by one process; the oldest read goes first. */
const PARTNERS_KEPT = 5_000;

const cached = new Map<string, { partner: Partner; until: number }>();

/**
 * The partner as read at most `PARTNER_CACHE_MS` ago by this process (or now, when it was not).
 * Billing state is never taken from here: what bills reads the record itself.
 */
export async function recentPartner(partnerId: string, nowMs = realNowMs()): Promise<Partner | undefined> {
  const hit = cached.get(partnerId);
  if (hit && hit.until > nowMs) return hit.partner;
  const partner = await getPartner(partnerId);
  cached.delete(partnerId);
  if (partner) cached.set(partnerId, { partner, until: nowMs + PARTNER_CACHE_MS });
  if (cached.size > PARTNERS_KEPT) cached.delete(cached.keys().next().value as string);
  return partner;
}

/** After a change to the partner's record: this process reads it again on its next request. */
export function forgetPartner(partnerId: string): void {
  cached.delete(partnerId);
}
