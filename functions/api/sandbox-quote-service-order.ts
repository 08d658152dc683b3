import { apiOperation } from '../../lib/http/operation';
import { sandboxQuoteServiceOrder as contract } from '../../lib/routes/sandbox-orders/sandbox-quote-service-order';
import { quoteOrder } from '../../lib/orders/moves/quote-order';
import { renderServiceOrder } from '../../lib/resources/service-order';

/** POST /v1/sandbox/service-orders/{serviceOrderID}/quote */
export const handler = apiOperation({
  ...contract,
  handle: async ({ caller, params, body }) => {
    const order = await quoteOrder(caller.scope, params.serviceOrderID, body);
    return { status: 200, body: renderServiceOrder(order, { withForm: true }) };
  },
});
