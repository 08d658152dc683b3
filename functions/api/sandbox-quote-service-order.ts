import { apiOperation } from '../../lib/http/api-operation';
import { noQuery } from '../../lib/input';
import { serviceOrderIdParams, quoteBody } from '../../lib/orders/params';
import { quoteOrder } from '../../lib/orders/moves/quote-order';
import { renderServiceOrder } from '../../lib/resources/service-order';

/** POST /v1/sandbox/service-orders/{serviceOrderID}/quote */
export const handler = apiOperation({
  scope: 'sandbox:write',
  testModeOnly: true,
  idempotent: true,
  params: serviceOrderIdParams,
  query: noQuery,
  body: quoteBody,
  handle: async ({ caller, params, body }) => {
    const order = await quoteOrder(caller.scope, params.serviceOrderID, body);
    return { status: 200, body: renderServiceOrder(order, { withForm: true }) };
  },
});
