import { sandboxTrigger } from '../../lib/http/sandbox-trigger';
import { sandboxRequireAction as contract } from '../../lib/routes/sandbox-orders/sandbox-require-action';
import { requireAction } from '../../lib/orders/moves/require-action';
import { renderServiceOrder } from '../../lib/resources/service-order';

/** POST /v1/sandbox/service-orders/{serviceOrderID}/require-action */
export const handler = sandboxTrigger(contract, async (scope, params) =>
  renderServiceOrder(await requireAction(scope, params.serviceOrderID), { withForm: true }),
);
