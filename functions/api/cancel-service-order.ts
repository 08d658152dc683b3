import { apiOperation } from '../../lib/http/api-operation';
import { noBody, noQuery } from '../../lib/input';
import { serviceOrderIdParams } from '../../lib/orders/params';
import { cancelOrder } from '../../lib/lifecycle/operations/cancel-order';
import { renderServiceOrder } from '../../lib/resources/service-order';

/** POST /v1/service-orders/{serviceOrderID}/cancel */
export const handler = apiOperation({
  scope: 'orders:write',
  idempotent: true,
  params: serviceOrderIdParams,
  query: noQuery,
  body: noBody,
  handle: async ({ caller, params }) => {
    const order = await cancelOrder(caller.scope, params.serviceOrderID);
    return { status: 200, body: renderServiceOrder(order, { withForm: true }) };
  },
});
