import { apiOperation } from '../../lib/http/api-operation';
import { noQuery } from '../../lib/input';
import { serviceOrderIdParams, repriceBody } from '../../lib/orders/params';
import { repriceOrder } from '../../lib/orders/moves/reprice-order';
import { renderServiceOrder } from '../../lib/resources/service-order';

/** POST /v1/sandbox/service-orders/{serviceOrderID}/reprice */
export const handler = apiOperation({
  scope: 'sandbox:write',
  testModeOnly: true,
  idempotent: true,
  params: serviceOrderIdParams,
  query: noQuery,
  body: repriceBody,
  handle: async ({ caller, params, body }) => {
    const order = await repriceOrder(caller.scope, params.serviceOrderID, body.options ?? {});
    return { status: 200, body: renderServiceOrder(order, { withForm: true }) };
  },
});
