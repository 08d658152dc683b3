import { apiOperation } from '../../lib/http/operation';
import { createServiceOrder as contract } from '../../lib/routes/orders/create-service-order';
import { createOrder } from '../../lib/orders/create-order';
import type { ServiceOrder } from '../../lib/resources/service-order';

const created = (order: ServiceOrder) => ({ status: 201, body: order, headers: { Location: `/v1/service-orders/${order.id}` } });

/** POST /v1/companies/{companyID}/service-orders */
export const handler = apiOperation({
  ...contract,
  handle: async ({ caller, params, body, answerInTransaction }) => {
    const order = await createOrder({
      scope: caller.scope,
      companyId: params.companyID,
      body,
      addAnswer: (ws, o) => answerInTransaction(ws, created(o)),
    });
    return created(order);
  },
});
