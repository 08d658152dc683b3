import { apiOperation } from '../../lib/http/api-operation';
import { noBody, noQuery } from '../../lib/input';
import { serviceOrderIdParams } from '../../lib/orders/params';
import { acceptQuote } from '../../lib/orders/moves/accept-quote';
import { renderServiceOrder } from '../../lib/resources/service-order';

/** POST /v1/service-orders/{serviceOrderID}/quote/accept */
export const handler = apiOperation({
  scope: 'orders:write',
  idempotent: true,
  params: serviceOrderIdParams,
  query: noQuery,
  body: noBody,
  handle: async ({ caller, params }) => {
    const order = await acceptQuote(caller.scope, params.serviceOrderID);
    return { status: 200, body: renderServiceOrder(order, { withForm: true }) };
  },
});
