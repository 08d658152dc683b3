import { apiOperation } from '../../lib/http/operation';
import { sandboxCompleteServiceOrder as contract } from '../../lib/routes/sandbox-orders/sandbox-complete-service-order';
import { completeOrder } from '../../lib/lifecycle/operations/complete-order';
import { renderServiceOrder } from '../../lib/resources/service-order';

/** POST /v1/sandbox/service-orders/{serviceOrderID}/complete */
export const handler = apiOperation({
  ...contract,
  handle: async ({ caller, params, body }) => {
    const order = await completeOrder(caller.scope, params.serviceOrderID, body);
    return { status: 200, body: renderServiceOrder(order, { withForm: true }) };
  },
});
