import { sandboxTrigger } from '../../lib/http/sandbox-trigger';
import { serviceOrderIdParams } from '../../lib/orders/params';
import { approveRenewalCancel } from '../../lib/orders/moves/renewal-cancel';
import { renderServiceOrder } from '../../lib/resources/service-order';

/** POST /v1/sandbox/service-orders/{serviceOrderID}/renewal/approve */
export const handler = sandboxTrigger(serviceOrderIdParams, async (scope, params) =>
  renderServiceOrder(await approveRenewalCancel(scope, params.serviceOrderID), { withForm: true }),
);
