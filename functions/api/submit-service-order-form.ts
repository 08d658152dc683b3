import { apiOperation } from '../../lib/http/api-operation';
import { noQuery } from '../../lib/input';
import { serviceOrderIdParams, formBody } from '../../lib/orders/params';
import { submitForm } from '../../lib/orders/moves/submit-form';
import { renderServiceOrder } from '../../lib/resources/service-order';

/** POST /v1/service-orders/{serviceOrderID}/form: the form submission endpoint */
export const handler = apiOperation({
  scope: 'orders:write',
  idempotent: true,
  params: serviceOrderIdParams,
  query: noQuery,
  body: formBody,
  handle: async ({ caller, params, body }) => {
    const order = await submitForm(caller.scope, params.serviceOrderID, body.answers);
    return { status: 200, body: renderServiceOrder(order, { withForm: true }) };
  },
});
