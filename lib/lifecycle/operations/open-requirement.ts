import { nowIso } from '../../clock';
import { invalidField, resourceMissing, illegalTransition } from '../../errors';
import { getCompany } from '../../store/entities/company';
import { assertNotDissolved } from '../company-status';
import { commit } from '../../event-log/commit';
import { tableName } from '../../store/client';
import type { Scope } from '../../scope';
import { WriteSet } from '../../store/write-set';
import { renderRequirement, type Requirement } from '../../resources/requirement';
import { readOrder } from '../../store/entities/service-order';
import { newRequirement, type RequirementInput } from '../../requirements/new-requirement';
import { addRequirementCreation, CompanyDissolvedMeanwhile, type RequirementRecord } from '../../store/entities/requirement';
import { assertRoomForRequirement } from '../../requirements/requirement-cap';

/**
 * Opens a requirement on a company (spec Requirement status: creation → open, `requirement.created`).
 *
 * With `ws`, the requirement joins that transaction (the caller commits: e.g. an order moving to
 * `requires_action` together with its `form` requirement) and the company is guarded against a
 * concurrent dissolution; without, it is committed on its own.
 */
export async function openRequirement(scope: Scope, input: RequirementInput, ws?: WriteSet): Promise<RequirementRecord> {
  const company = await getCompany(scope, input.companyId, { consistent: true });
  if (!company) throw resourceMissing('company', input.companyId);
  assertNotDissolved(company, 'opening a requirement');
  if (input.type === 'document' && (input.purpose ?? 'identity_document') === 'identity_document' && !input.shareholder) {
    throw invalidField(
      '$.shareholder',
      'is required for an identity document',
      `Send shareholder, the owner whose identity document is needed, such as "shareholder": "${company.shareholders[0]?.id ?? 'sh_…'}".`,
      'required',
    );
  }
  if (input.shareholder && !company.shareholders.some((s) => s.id === input.shareholder)) {
    throw illegalTransition(
      'company',
      company.id,
      `it has no owner '${input.shareholder}'`,
      `Send shareholder as one of the company’s shareholders (${company.shareholders.map((s) => s.id).join(', ') || 'none yet'}).`,
    );
  }
  // A form requirement tied to an order (sandbox, operator CLI) must name an order of this company:
  // another partner's, the other mode's, another company's or an invented id would leave a reference
  // that its fulfilment can never follow.
  if (input.serviceOrder && (await readOrder(scope, input.serviceOrder))?.company !== company.id) {
    throw invalidField(
      '$.service_order',
      `names no service order of company ${company.id}`,
      `Send service_order as one of the company’s orders (GET /v1/companies/${company.id}/service-orders), or remove service_order.`,
      'exists',
    );
  }
  await assertRoomForRequirement(scope, company.id);
  const record = newRequirement(scope, input, nowIso());
  const own = ws ?? new WriteSet(scope, tableName());
  addRequirementCreation(own, scope, record, { guardCompany: true });
  if (!ws) {
    try {
      await commit(own);
    } catch (error) {
      if (error instanceof CompanyDissolvedMeanwhile) assertNotDissolved({ status: 'dissolved' }, 'opening a requirement');
      throw error;
    }
  }
  return record;
}

export function presentRequirement(record: RequirementRecord): Requirement {
  return renderRequirement(record);
}
