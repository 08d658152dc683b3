import { sandboxTrigger } from '../../lib/http/sandbox-trigger';
import { serviceOrderIdParams } from '../../lib/orders/params';
import { startFulfilment } from '../../lib/orders/moves/start-fulfilment';
import { renderServiceOrder } from '../../lib/resources/service-order';

/** POST /v1/sandbox/service-orders/{serviceOrderID}/start */
export const handler = sandboxTrigger(serviceOrderIdParams, async (scope, params) =>
  renderServiceOrder(await startFulfilment(scope, params.serviceOrderID), { withForm: true }),
);
