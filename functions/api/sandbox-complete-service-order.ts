import { apiOperation } from '../../lib/http/api-operation';
import { noQuery } from '../../lib/input';
import { serviceOrderIdParams, completeBody } from '../../lib/orders/params';
import { completeOrder } from '../../lib/lifecycle/operations/complete-order';
import { renderServiceOrder } from '../../lib/resources/service-order';

/** POST /v1/sandbox/service-orders/{serviceOrderID}/complete */
export const handler = apiOperation({
  scope: 'sandbox:write',
  testModeOnly: true,
  idempotent: true,
  params: serviceOrderIdParams,
  query: noQuery,
  body: completeBody,
  handle: async ({ caller, params, body }) => {
    const order = await completeOrder(caller.scope, params.serviceOrderID, body);
    return { status: 200, body: renderServiceOrder(order, { withForm: true }) };
  },
});
