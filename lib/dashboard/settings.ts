import { UpdateCommand } from '../store/dynamodb';
import * as z from 'zod';
import { db, tableName } from '../store/client';
import { partnerKey } from '../store/keys';
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
  const sets: string[] = [];
  const values: Record<string, unknown> = {};
  if (body.api_version) {
    sets.push('api_version = :api');
    values[':api'] = body.api_version;
  }
  if (body.webhook_version) {
    sets.push('webhook_version = :wh');
    values[':wh'] = body.webhook_version;
  }
  if (!sets.length) return readSettings(partnerId);
  const res = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: partnerKey(partnerId),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: values,
      ReturnValues: 'ALL_NEW',
    }),
  );
  forgetPartner(partnerId);
  return viewOfSettings(res.Attributes as Partner);
}
