import { apiOperation } from '../../lib/http/operation';
import { acceptServiceOrderQuote as contract } from '../../lib/routes/orders/accept-service-order-quote';
import { acceptQuote } from '../../lib/orders/moves/accept-quote';
import { renderServiceOrder } from '../../lib/resources/service-order';

/** POST /v1/service-orders/{serviceOrderID}/quote/accept */
export const handler = apiOperation({
  ...contract,
  handle: async ({ caller, params }) => {
    const order = await acceptQuote(caller.scope, params.serviceOrderID);
    return { status: 200, body: renderServiceOrder(order, { withForm: true }) };
  },
});
