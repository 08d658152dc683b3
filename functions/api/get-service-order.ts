import { apiOperation } from '../../lib/http/operation';
import { getServiceOrder as contract } from '../../lib/routes/orders/get-service-order';
import { resourceMissing } from '../../lib/errors';
import { readOrder } from '../../lib/store/entities/service-order';
import { renderServiceOrder } from '../../lib/resources/service-order';

/** GET /v1/service-orders/{serviceOrderID}: the single-order view, with `form` when one is awaited. */
export const handler = apiOperation({
  ...contract,
  prefetch: (scope, params) => readOrder(scope, params.serviceOrderID),
  handle: async ({ caller, params, prefetched }) => {
    const order = await (prefetched ?? readOrder(caller.scope, params.serviceOrderID));
    if (!order) throw resourceMissing('service order', params.serviceOrderID);
    return { status: 200, body: renderServiceOrder(order, { withForm: true }) };
  },
});
