import * as z from 'zod';
import { externalIdInput } from '../../companies/field-inputs';
import { addExternalIdGuard, releaseExternalIdGuard } from '../../companies/external-id-guard';
import { metadataInput } from '../../input/fields';
import type { CompanyRecord } from '../../resources/company';
import { companySnapshot } from '../../resources/company';
import { previousAttributes } from '../../resources/previous-attributes';
import type { Scope } from '../../scope';
import { changeCompany } from '../change-company';
import { keyedBag } from '../../caller-keys';

/** A valid body, as the reference shows it and a refusal of another field names it. */
export const COMPANY_UPDATE_EXAMPLE = { metadata: { crm_id: 'A-1042', tier: 'gold' }, external_id: 'client-4821' };

/**
 * POST /companies/{companyID}: what the partner owns of a company, its `metadata` and `external_id`,
 * and nothing else (every other field is the operator's or moves through its own request). `metadata`
 * replaces the whole object, a key set to null is removed (`null` or `{}` removes them all), under
 * the limits of creation; `external_id` is a new value, or null to remove it.
 */
export const companyUpdateBody = z
  .strictObject({
    metadata: metadataInput.nullable().optional(),
    external_id: externalIdInput.nullable().optional(),
  })
  .meta({
    id: 'UpdateCompanyRequest',
    description: 'Only `metadata` and `external_id` can be changed; every other field is refused.',
    examples: [COMPANY_UPDATE_EXAMPLE],
  });
export type CompanyUpdate = z.infer<typeof companyUpdateBody>;

/**
 * Changes the partner's own fields of a company in ONE transaction (lib/lifecycle/change-company.ts):
 * the company, the `external_id` guards (the old value freed, the new one taken: another company of
 * the caller holding it is `resource_already_exists`, and nothing is written) and `company.updated`
 * with `previous_attributes`. The same values again change nothing: no write, no event, `updated_at`
 * as it was. A dissolved company's own fields can still change: they are the partner's notes, not
 * the company's state (docs/decisions.md, "Creation is one transaction").
 */
export async function updateCompany(scope: Scope, companyId: string, update: CompanyUpdate) {
  return changeCompany(scope, companyId, ({ company, ws, record }) => {
    const next: CompanyRecord = { ...company };
    if (update.metadata !== undefined) next.metadata = withoutNulls(update.metadata ?? {});
    if (update.external_id === null) delete next.external_id;
    else if (update.external_id !== undefined) next.external_id = update.external_id;
    if (!Object.keys(previousAttributes(companySnapshot(company), companySnapshot(next))).length) return { next: company };
    if (next.external_id !== company.external_id) {
      if (company.external_id !== undefined) releaseExternalIdGuard(ws, scope, companyId, company.external_id);
      if (next.external_id !== undefined) addExternalIdGuard(ws, scope, companyId, next.external_id);
    }
    record('company.updated', next);
    return { next };
  });
}

/** The metadata as sent, without the keys set to null (removed); a caller's keys stay plain data. */
function withoutNulls<V>(metadata: Record<string, V | null>): Record<string, V> {
  const out = keyedBag<V>();
  for (const [key, value] of Object.entries(metadata)) if (value !== null) out[key] = value;
  return out;
}
