import { getAccount } from '../accounts/store';
import { renderAccount } from '../resources/account';
import { renderCompany, type Company, type CompanyRecord } from '../resources/company';
import { renderServiceOrder } from '../resources/service-order';
import { serviceOrdersOfCompany } from '../service-orders/store';
import type { Scope } from '../store/scope';
import type { Expandable } from './schemas';
import { countOpenRequirements, openRequirementsOf } from './store';

/**
 * A stored company as the API answers it: `open_requirements` counted now (spec: "computed at read
 * time"), and each requested expansion read in parallel.
 */
export async function presentCompany(scope: Scope, record: CompanyRecord, expand: readonly Expandable[] = []): Promise<Company> {
  const [openRequirements, account, orders, requirements] = await Promise.all([
    countOpenRequirements(scope, record.id),
    expand.includes('account') ? getAccount(scope, record.account_id) : undefined,
    expand.includes('service_orders') ? serviceOrdersOfCompany(scope, record.id) : undefined,
    expand.includes('requirements') ? openRequirementsOf(scope, record.id) : undefined,
  ]);
  return renderCompany(record, {
    openRequirements,
    account: account ? renderAccount(account) : undefined,
    serviceOrders: orders?.map((o) => renderServiceOrder(o)),
    requirements,
  });
}
