import { tableName } from '../client';
import { defineEntity } from '../entity';
import { anyOf } from '../expression';
import { recoverClaimOfUrlKey, recoversOfPartnerHourKey } from '../keys';
import { getItem } from '../read-batch';
import { TTL_ATTRIBUTE } from '../table-definition';
import type { Mode } from '../../scope';
import type { WriteSet } from '../write-set';

/**
 * What a recover's turns are counted on beside its endpoint (lib/webhooks/operations/recover-events.ts):
 * the endpoint's URL, so that deleting an endpoint and making it again at the same URL does not give
 * it a fresh turn, and the partner's mode per hour, so that many endpoints (or many URLs) do not
 * either. Both live in the partner's endpoint partition and expire when they stop counting.
 */
export interface RecoverClaimOfUrl {
  partner_id: string;
  mode: Mode;
  url_hash: string;
  last_recovered_at: string;
}

export interface RecoversOfPartnerHour {
  partner_id: string;
  mode: Mode;
  /** Hours since the epoch (UTC). */
  hour: number;
  recovers: number;
}

const urlClaimEntity = defineEntity<RecoverClaimOfUrl, { [TTL_ATTRIBUTE]: number }>({
  name: 'recover_claim_of_url',
  key: (_scope, r) => recoverClaimOfUrlKey(r.partner_id, r.mode, r.url_hash),
  internal: [TTL_ATTRIBUTE],
});

const hourEntity = defineEntity<RecoversOfPartnerHour, { [TTL_ATTRIBUTE]: number }>({
  name: 'recovers_of_partner_hour',
  key: (_scope, r) => recoversOfPartnerHourKey(r.partner_id, r.mode, r.hour),
  internal: [TTL_ATTRIBUTE],
});

/** The URL's last recover and the hour's count so far (consistent; absent: none). */
export async function recoverClaimsOf(
  partnerId: string,
  mode: Mode,
  urlHash: string,
  hour: number,
): Promise<{ urlLastRecoveredAt?: string; recoversThisHour: number }> {
  const [url, count] = await Promise.all([
    getItem(tableName(), recoverClaimOfUrlKey(partnerId, mode, urlHash), { consistent: true }),
    getItem(tableName(), recoversOfPartnerHourKey(partnerId, mode, hour), { consistent: true }),
  ]);
  return {
    urlLastRecoveredAt: url ? urlClaimEntity.record(url).last_recovered_at : undefined,
    recoversThisHour: count ? hourEntity.record(count).recovers : 0,
  };
}

/**
 * In `ws`: the URL's turn taken at `at`, only if its last recover was at or before `notAfter`, and
 * one more recover of the hour, only if fewer than `perHour` were taken. Each refused as its own
 * `onFailed` says; nothing is written then.
 */
export function addRecoverClaims(
  ws: WriteSet,
  claim: { partnerId: string; mode: Mode; urlHash: string; hour: number; at: Date; notAfter: string; perHour: number; intervalMs: number },
  refusals: { urlTooSoon: () => Error; hourFull: () => Error },
): void {
  const url = { partner_id: claim.partnerId, mode: claim.mode, url_hash: claim.urlHash, last_recovered_at: claim.at.toISOString() };
  ws.update(
    recoverClaimOfUrlKey(claim.partnerId, claim.mode, claim.urlHash),
    { set: { ...url, entity: urlClaimEntity.name, [TTL_ATTRIBUTE]: Math.ceil((claim.at.getTime() + claim.intervalMs) / 1000) } },
    {
      condition: anyOf(urlClaimEntity.where.lacks('last_recovered_at'), urlClaimEntity.where.atMost('last_recovered_at', claim.notAfter)),
      onFailed: refusals.urlTooSoon,
    },
  );
  const hour = { partner_id: claim.partnerId, mode: claim.mode, hour: claim.hour };
  ws.update(
    recoversOfPartnerHourKey(claim.partnerId, claim.mode, claim.hour),
    { set: { ...hour, entity: hourEntity.name, [TTL_ATTRIBUTE]: (claim.hour + 2) * 3600 }, add: { recovers: 1 } },
    {
      condition: anyOf(hourEntity.where.lacks('recovers'), hourEntity.where.lessThan('recovers', claim.perHour)),
      onFailed: refusals.hourFull,
    },
  );
}
