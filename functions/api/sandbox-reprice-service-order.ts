import { apiOperation } from '../../lib/http/operation';
import { sandboxRepriceServiceOrder as contract } from '../../lib/routes/sandbox-orders/sandbox-reprice-service-order';
import { repriceOrder } from '../../lib/orders/moves/reprice-order';
import { renderServiceOrder } from '../../lib/resources/service-order';

/** POST /v1/sandbox/service-orders/{serviceOrderID}/reprice */
export const handler = apiOperation({
  ...contract,
  handle: async ({ caller, params, body }) => {
    const order = await repriceOrder(caller.scope, params.serviceOrderID, body.options ?? {});
    return { status: 200, body: renderServiceOrder(order, { withForm: true }) };
  },
});
