import { apiOperation } from '../../lib/http/operation';
import { cancelServiceOrder as contract } from '../../lib/routes/orders/cancel-service-order';
import { cancelOrder } from '../../lib/lifecycle/operations/cancel-order';
import { renderServiceOrder } from '../../lib/resources/service-order';

/** POST /v1/service-orders/{serviceOrderID}/cancel */
export const handler = apiOperation({
  ...contract,
  handle: async ({ caller, params }) => {
    const order = await cancelOrder(caller.scope, params.serviceOrderID);
    return { status: 200, body: renderServiceOrder(order, { withForm: true }) };
  },
});
