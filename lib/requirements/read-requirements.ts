import { resourceMissing } from '../errors';
import { getCompany } from '../store/entities/company';
import type { Scope } from '../scope';
import { renderRequirement, type Requirement } from '../resources/requirement';
import { getRequirement, requirementsOfCompany } from '../store/entities/requirement';

/** A company's requirements, open and resolved, newest first; another partner's company is 404. */
export async function listRequirementsOfCompany(scope: Scope, companyId: string): Promise<Requirement[]> {
  const [company, requirements] = await Promise.all([getCompany(scope, companyId), requirementsOfCompany(scope, companyId)]);
  if (!company) throw resourceMissing('company', companyId);
  return requirements.map(renderRequirement);
}

export async function readRequirement(scope: Scope, requirementId: string): Promise<Requirement> {
  const requirement = await getRequirement(scope, requirementId);
  if (!requirement) throw resourceMissing('requirement', requirementId);
  return renderRequirement(requirement);
}
