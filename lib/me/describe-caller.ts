import { livemode } from '../scope';
import type { Caller } from '../auth/caller';

/** GET /me: who is calling, in which mode, with what rights, on which versions. */
export function describeCaller(caller: Caller, versionInForce: string) {
  const { partner, key, scope } = caller;
  return {
    object: 'caller' as const,
    partner_id: partner.id,
    partner_name: partner.name,
    livemode: livemode(scope),
    key_id: key.id,
    key_name: key.name,
    scopes: key.scopes,
    expires_at: key.expires_at ?? null,
    api_version: versionInForce,
    default_api_version: partner.api_version,
    webhook_version: partner.webhook_version,
    rate_limit: { burst: key.rate_limit.burst, sustained: key.rate_limit.sustained },
  };
}
