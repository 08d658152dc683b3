import { getAccount } from '../store/entities/account';
import { renderAccount } from '../resources/account';
import { renderCompany, type Company, type CompanyRecord } from '../resources/company';
import { renderServiceOrder } from '../resources/service-order';
import { serviceOrdersOfCompany } from '../store/entities/service-order';
import type { Scope } from '../scope';
import type { Expandable } from './params';
import { requirementsOfCompany } from '../store/entities/requirement';
import { renderRequirement } from '../resources/requirement';
import { openPendingRequirements } from './owner-document-requests';
import { getCompanyAndOpenCount, openRequirementCount } from '../store/entities/company';
import type { ReadBatch } from '../store/read-batch';

/**
 * A stored company as the API answers it: `open_requirements` (spec: "computed at read time") as read
 * with the company item when `counted` is given, else read now; each requested expansion read in
 * parallel.
 */
export async function presentCompany(
  scope: Scope,
  record: CompanyRecord,
  expand: readonly Expandable[] = [],
  counted?: number | Promise<number>,
): Promise<Company> {
  // A creation cut short between its two transactions: the owners' requirements are opened now.
  if (record.pending_requirements) await openPendingRequirements(scope, record.id);
  const [openRequirements, account, orders, requirements] = await Promise.all([
    // `open_requirements`, computed at read time (spec Company): the count the company item carried
    // when it was read (`companyWithCount`, a listing's page), else one consistent GetItem of it; read
    // again when requirements were opened just now.
    counted !== undefined && !record.pending_requirements ? counted : openRequirementCount(scope, record.id),
    expand.includes('account') ? getAccount(scope, record.account_id) : undefined,
    expand.includes('service_orders') ? serviceOrdersOfCompany(scope, record.id) : undefined,
    expand.includes('requirements')
      ? requirementsOfCompany(scope, record.id, { openOnly: true }).then((open) => open.map(renderRequirement))
      : undefined,
  ]);
  return renderCompany(record, {
    openRequirements,
    account: account ? renderAccount(account) : undefined,
    serviceOrders: orders?.map((o) => renderServiceOrder(o)),
    requirements,
  });
}

/**
 * A company and its open-requirement count, one read of the company item that carries both
 * (docs/decisions.md, "Round trips of a request"). Pass `count` on to `presentCompany`.
 */
export async function companyWithCount(
  scope: Scope,
  companyId: string,
  batch?: ReadBatch,
): Promise<{ record: CompanyRecord | undefined; count: Promise<number> }> {
  const both = await getCompanyAndOpenCount(scope, companyId, batch);
  return { record: both.record, count: Promise.resolve(both.open) };
}
