import * as z from 'zod';
import { changePartner } from '../store/entities/partner';
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
 * `PARTNER_CACHE_MS` (5 s) on every other API process (lib/partners/partner.ts).
 */
export async function updateSettings(partnerId: string, body: z.output<typeof updateSettingsBody>) {
  const set: Record<string, string> = {};
  if (body.api_version) set.api_version = body.api_version;
  if (body.webhook_version) set.webhook_version = body.webhook_version;
  if (!Object.keys(set).length) return readSettings(partnerId);
  const partner = await changePartner(partnerId, { set });
  forgetPartner(partnerId);
  if (!partner) throw resourceMissing('partner', partnerId);
  return viewOfSettings(partner);
}
