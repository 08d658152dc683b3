import { sandboxTrigger } from '../../lib/http/sandbox-trigger';
import { sandboxDenyRenewalCancel as contract } from '../../lib/routes/sandbox-orders/sandbox-deny-renewal-cancel';
import { denyRenewalCancel } from '../../lib/orders/moves/renewal-cancel';
import { renderServiceOrder } from '../../lib/resources/service-order';

/** POST /v1/sandbox/service-orders/{serviceOrderID}/renewal/deny */
export const handler = sandboxTrigger(contract, async (scope, params) =>
  renderServiceOrder(await denyRenewalCancel(scope, params.serviceOrderID), { withForm: true }),
);
