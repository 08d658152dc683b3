import { getPartner, type Partner } from '../../partners/partner';

/**
 * The partner of a lane (webhook version, owner e-mail), cached briefly per signer process: a changed
 * webhook version applies to deliveries within this many milliseconds.
 */
const TTL_MS = 30_000;
const cache = new Map<string, { partner: Partner | undefined; at: number }>();

export async function partnerOfLane(partnerId: string): Promise<Partner | undefined> {
  const hit = cache.get(partnerId);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.partner;
  const partner = await getPartner(partnerId);
  if (cache.size > 5000) cache.clear();
  cache.set(partnerId, { partner, at: Date.now() });
  return partner;
}
