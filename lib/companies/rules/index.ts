import { invalidRequest } from '../../errors';
import type { CreateCompanyBody } from '../schemas';
import type { CompanyRule } from './rule';
import { nameNotThe } from './name-not-the';
import { nameWithoutEnding } from './name-without-ending';
import { endingMatchesEntityType } from './ending-matches-entity-type';
import { industryOther } from './industry-other';
import { ownerPrivacy } from './owner-privacy';
import { preExistingOnly } from './pre-existing-only';
import { foreignQualificationStates } from './foreign-qualification-states';
import { timezone } from './timezone';
import { shareStructure } from './share-structure';
import { managementType } from './management-type';
import { mainIncorporator } from './main-incorporator';
import { shareholderEmails } from './shareholder-emails';
import { ownershipTotal } from './ownership-total';
import { services } from './services';
import { serviceOptions } from './service-options';

/** Every cross-field rule of the create-company table, in the table's order. */
export const COMPANY_RULES: CompanyRule[] = [
  nameNotThe,
  nameWithoutEnding,
  endingMatchesEntityType,
  ownerPrivacy,
  preExistingOnly,
  industryOther,
  foreignQualificationStates,
  timezone,
  shareStructure,
  managementType,
  mainIncorporator,
  shareholderEmails,
  ownershipTotal,
  services,
  serviceOptions,
];

/** Runs every rule; all violations are reported at once in one `invalid_request`. */
export function enforceCompanyRules(body: CreateCompanyBody): void {
  const errors = COMPANY_RULES.flatMap((rule) => rule(body));
  if (errors.length) {
    throw invalidRequest('The body is invalid', errors);
  }
}
