import { apiOperation } from '../../lib/http/api-operation';
import { noQuery } from '../../lib/input';
import { resourceMissing } from '../../lib/errors';
import { serviceOrderIdParams } from '../../lib/orders/params';
import { readOrder } from '../../lib/store/entities/service-order';
import { renderServiceOrder } from '../../lib/resources/service-order';

/** GET /v1/service-orders/{serviceOrderID}: the single-order view, with `form` when one is awaited. */
export const handler = apiOperation({
  scope: 'orders:read',
  params: serviceOrderIdParams,
  query: noQuery,
  handle: async ({ caller, params }) => {
    const order = await readOrder(caller.scope, params.serviceOrderID);
    if (!order) throw resourceMissing('service order', params.serviceOrderID);
    return { status: 200, body: renderServiceOrder(order, { withForm: true }) };
  },
});
