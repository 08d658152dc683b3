import * as z from 'zod';
import { addPartnerChange, partnerByIdNow } from '../store/entities/partner';
import { ChangedMeanwhile, commitAudited, type Actor, type AuditAct } from '../audit/record';
import { availableVersions, isKnownVersion } from '../versioning/versions';
import { forgetPartner, getPartner, type Partner } from '../partners/partner';
import { resourceMissing } from '../errors';

/** Spec Versioning 2 and 5: the pinned default of API calls, and the version webhooks render at. */
const version = z.string().refine(isKnownVersion, {
  message: 'is not a version of this API',
  params: {
    validation_type: 'enum',
    how_to_fix: `Send one of the versions ${availableVersions().join(', ')}, such as "${availableVersions().at(-1)}".`,
  },
});

export const updateSettingsBody = z.strictObject({ api_version: version.optional(), webhook_version: version.optional() });

export function viewOfSettings(partner: Partner) {
  return { api_version: partner.api_version, webhook_version: partner.webhook_version, available_versions: availableVersions() };
}

export async function readSettings(partnerId: string) {
  const partner = await getPartner(partnerId);
  if (!partner) throw resourceMissing('partner', partnerId);
  return viewOfSettings(partner);
}

/**
 * Changes take effect on the next webhook delivery (it reads the partner record), on the next API call
 * of this process (the embedded default serves the API in the same process), and within
 * `PARTNER_CACHE_MS` (5 s) on every other API process (lib/partners/partner.ts). The change and its
 * audit entry (before and after) are one transaction; a request that names no version records nothing.
 */
export async function updateSettings(actor: Actor, body: z.output<typeof updateSettingsBody>) {
  const partnerId = actor.partner_id;
  const settings = await commitAudited({ partnerId, mode: 'live' }, async (ws) => {
    const partner = await partnerByIdNow(partnerId);
    if (!partner) throw resourceMissing('partner', partnerId);
    const named: Record<string, string> = {};
    if (body.api_version) named.api_version = body.api_version;
    if (body.webhook_version) named.webhook_version = body.webhook_version;
    if (!Object.keys(named).length) return { value: viewOfSettings(partner), acts: [] };
    const set = Object.fromEntries(Object.entries(named).filter(([k, v]) => partner[k as keyof Partner] !== v));
    if (Object.keys(set).length) addPartnerChange(ws, partner, set, () => new ChangedMeanwhile('the settings'));
    const before = Object.fromEntries(Object.keys(named).map((k) => [k, partner[k as keyof Partner]]));
    const act: AuditAct = { actor, action: 'settings.updated', target: 'settings', details: { before, after: named } };
    return { value: viewOfSettings({ ...partner, ...set }), acts: [act] };
  });
  forgetPartner(partnerId);
  return settings;
}
