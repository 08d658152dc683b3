import { apiOperation } from '../../lib/http/operation';
import { cancelServiceOrderRenewal as contract } from '../../lib/routes/orders/cancel-service-order-renewal';
import { requestRenewalCancel } from '../../lib/orders/moves/renewal-cancel';
import { renderServiceOrder } from '../../lib/resources/service-order';

/** POST /v1/service-orders/{serviceOrderID}/renewal/cancel */
export const handler = apiOperation({
  ...contract,
  handle: async ({ caller, params }) => {
    const order = await requestRenewalCancel(caller.scope, params.serviceOrderID);
    return { status: 200, body: renderServiceOrder(order, { withForm: true }) };
  },
});
