import { apiOperation } from '../../lib/http/operation';
import { listServiceOrdersOfCompany as contract } from '../../lib/routes/companies/list-company-service-orders';
import { resourceMissing } from '../../lib/errors';
import { getCompany } from '../../lib/store/entities/company';
import { serviceOrdersOfCompany } from '../../lib/store/entities/service-order';
import { renderServiceOrder } from '../../lib/resources/service-order';

/** GET /v1/companies/{companyID}/service-orders: every order, newest first, no page block (spec). */
export const handler = apiOperation({
  ...contract,
  handle: async ({ caller, params }) => {
    const [company, orders] = await Promise.all([
      getCompany(caller.scope, params.companyID),
      serviceOrdersOfCompany(caller.scope, params.companyID),
    ]);
    if (!company) throw resourceMissing('company', params.companyID);
    return { status: 200, body: { object: 'list', items: orders.map((o) => renderServiceOrder(o)) } };
  },
});
