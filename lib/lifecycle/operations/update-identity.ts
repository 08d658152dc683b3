import { isDeepStrictEqual } from 'node:util';
import * as z from 'zod';
import { ApiError, invalidRequest } from '../../errors';
import { companyAddressInput, type CreateCompanyBody } from '../../companies/schemas';
import { customIndustryInput, industryDescriptionInput } from '../../companies/field-inputs';
import { ENDINGS, INDUSTRIES } from '../../resources/vocabulary';
import { endingMatchesEntityType } from '../../companies/rules/ending-matches-entity-type';
import { industryOther } from '../../companies/rules/industry-other';
import { shareStructure } from '../../companies/rules/share-structure';
import type { Scope } from '../../scope';
import { changeCompany } from '../change-company';
import { assertNotDissolved } from '../company-status';
import { checkIncorporationDate } from '../incorporation-date';

/**
 * The identity fields the operator maintains (spec `company.updated`: "identity changed: entity type,
 * state, name suffix, industry, shares, formation date, address, owner roster"). This operation covers
 * the suffix, industry, shares, address and the formation date; a change of state or entity type is a
 * new filing, and the owner roster changes through its own requests (docs/decisions.md, "Lifecycle").
 */
const identityFields = z.strictObject({
  ending: z.enum(ENDINGS).optional(),
  industry: z.enum(INDUSTRIES).optional(),
  industry_description: industryDescriptionInput.optional(),
  custom_industry: customIndustryInput.optional(),
  authorized_shares: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  par_value: z.number().min(0).optional(),
  address: companyAddressInput.optional(),
  incorporation_date: z.iso.date().optional(),
});

const IDENTITY_KEYS = Object.keys(identityFields.shape) as (keyof z.infer<typeof identityFields>)[];

export const identityUpdateInput = identityFields.refine((b) => Object.keys(b).length > 0, {
  message: 'changes nothing',
  params: {
    validation_type: 'minProperties',
    how_to_fix: 'Send at least one identity field to change, such as {"industry": "software"}.',
  },
});

export type IdentityUpdate = z.infer<typeof identityUpdateInput>;

export async function updateIdentity(scope: Scope, companyId: string, update: IdentityUpdate) {
  return changeCompany(scope, companyId, ({ company, at, record }) => {
    assertNotDissolved(company, 'changing its identity');
    const next = { ...company, ...update };
    if (update.industry !== undefined && update.industry !== 'other') {
      delete next.industry_description;
      delete next.custom_industry;
      Object.assign(next, { industry_description: update.industry_description, custom_industry: update.custom_industry });
    }
    if (update.incorporation_date !== undefined && company.status !== 'active') {
      throw new ApiError('invalid_request', 'incorporation_date is set when the state accepts the filing.', [
        {
          reason: 'applies only to an incorporated company',
          location: '$.incorporation_date',
          validation_type: 'not',
          how_to_fix: 'Incorporate the company first; its date is set then.',
        },
      ]);
    }
    if (update.incorporation_date !== undefined) checkIncorporationDate(company, update.incorporation_date, at);
    const asBody = { ...next, name: next.name } as unknown as CreateCompanyBody;
    const errors = [...endingMatchesEntityType(asBody), ...industryOther(asBody), ...shareStructure(asBody)];
    if (errors.length) throw invalidRequest('The update is invalid', errors);
    for (const key of Object.keys(next) as (keyof typeof next)[]) if (next[key] === undefined) delete next[key];
    // The same values sent again: `company.updated` fires when identity changed (spec event table), so
    // nothing is written, no event fires and `updated_at` (the Last-Modified of a fetch) stays.
    if (IDENTITY_KEYS.every((key) => isDeepStrictEqual(company[key], next[key]))) return { next: company };
    record('company.updated', next);
    return { next };
  });
}
