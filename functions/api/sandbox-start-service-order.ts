import { sandboxTrigger } from '../../lib/http/sandbox-trigger';
import { sandboxStartServiceOrder as contract } from '../../lib/routes/sandbox-orders/sandbox-start-service-order';
import { startFulfilment } from '../../lib/orders/moves/start-fulfilment';
import { renderServiceOrder } from '../../lib/resources/service-order';

/** POST /v1/sandbox/service-orders/{serviceOrderID}/start */
export const handler = sandboxTrigger(contract, async (scope, params) =>
  renderServiceOrder(await startFulfilment(scope, params.serviceOrderID), { withForm: true }),
);
