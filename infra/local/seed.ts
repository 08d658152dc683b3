import { setApiKeyRateLimit } from '../../lib/store/entities/api-key';
import { createPartner, getPartner } from '../../lib/partners/partner';
import { findApiKey, hashSecret, issueApiKey } from '../../lib/auth/api-key';
import { forgetCachedKeys } from '../../lib/auth/key-cache';
import type { RateLimitSettings } from '../../lib/rate-limit/policy';
import { addStaffMember } from '../../lib/dashboard/staff';
import { createSession } from '../../lib/dashboard/session';
import { setStaffRateLimit } from '../../lib/store/entities/staff-member';
import { DASHBOARD_RATE_LIMIT } from '../../lib/http/dashboard/rate-limit';
import { variable } from '../../lib/config/variables';

export interface SeededPartner {
  partner_id: string;
  live_key: string;
  test_key: string;
  /** A ready dashboard session of the owner (`Authorization: Bearer …`, or the `dash_session` cookie). */
  dashboard_session: string;
}

/**
 * The local seed's limits: the spec's sample burst, and a sustained ceiling high enough that a
 * developer's test suite is not throttled (LOCAL_RATE_LIMIT_BURST / LOCAL_RATE_LIMIT_SUSTAINED).
 */
export function localRateLimit(): RateLimitSettings {
  return {
    burst: Number(variable('LOCAL_RATE_LIMIT_BURST')),
    sustained: Number(variable('LOCAL_RATE_LIMIT_SUSTAINED')),
  };
}

/**
 * Makes sure a demo partner with one live and one test key exists. Keys are stored only as hashes,
 * so on a restart the keys of the previous credentials file are reused while they still work.
 */
export async function seedPartner(
  previous: SeededPartner | undefined,
  profile: { name: string; ownerEmail: string },
  rateLimit: RateLimitSettings,
): Promise<SeededPartner> {
  const partner = (previous && (await getPartner(previous.partner_id))) || (await createPartner(profile));
  const keep = async (secret: string | undefined) => {
    const key = secret ? await findApiKey(secret) : undefined;
    return key && key.partner_id === partner.id && !key.revoked_at ? secret : undefined;
  };
  const live =
    (await keep(previous?.live_key)) ??
    (await issueApiKey({ partnerId: partner.id, mode: 'live', name: 'Demo live key', rateLimit })).secret;
  const test =
    (await keep(previous?.test_key)) ??
    (await issueApiKey({ partnerId: partner.id, mode: 'test', name: 'Demo test key', rateLimit })).secret;
  for (const secret of [live, test]) await setApiKeyRateLimit(hashSecret(secret), rateLimit);
  // The limits just written are what the next request of these keys must meet in this process.
  forgetCachedKeys();
  // The owner may sign in to the dashboard; a fresh session spares a developer the e-mailed code. Their
  // scripts and test suite share this one session, so its JSON face is limited as the seeded keys are,
  // never below the product's limit.
  const owner = await addStaffMember(partner.id, partner.owner_email);
  await setStaffRateLimit(partner.id, owner.id, {
    burst: Math.max(rateLimit.burst, DASHBOARD_RATE_LIMIT.burst),
    sustained: Math.max(rateLimit.sustained, DASHBOARD_RATE_LIMIT.sustained),
  });
  const { token } = await createSession({ partnerId: partner.id, email: partner.owner_email });
  return { partner_id: partner.id, live_key: live, test_key: test, dashboard_session: token };
}
