import type { Scope } from '../scope';
import { requirementCountOfCompany } from '../store/entities/requirement';
import { listCapReached, MAX_REQUIREMENTS_PER_COMPANY } from '../resources/list-caps';

/**
 * Refuses to open a requirement on a company already holding MAX_REQUIREMENTS_PER_COMPANY, open and
 * resolved, so its list (no page block) stays one bounded read. Every way one is opened on request
 * checks it: the sandbox and the operator opening one, an order waiting on a form, a name conflict.
 * The owners' document requests at a company's creation are never past it: a new company holds none
 * and has at most 25 owners (docs/decisions.md, "Caps per partner and company, and the dashboard's rate limit").
 */
export async function assertRoomForRequirement(scope: Scope, companyId: string): Promise<void> {
  if ((await requirementCountOfCompany(scope, companyId)) < MAX_REQUIREMENTS_PER_COMPANY) return;
  throw listCapReached(
    'requirements',
    MAX_REQUIREMENTS_PER_COMPANY,
    'Requirements are never deleted, so none frees a place: go on with another company (POST /v1/companies), or contact support with the company id to raise the cap.',
  );
}
