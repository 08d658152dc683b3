import { sandboxTrigger } from '../../lib/http/sandbox-trigger';
import { sandboxApproveRenewalCancel as contract } from '../../lib/routes/sandbox-orders/sandbox-approve-renewal-cancel';
import { approveRenewalCancel } from '../../lib/orders/moves/renewal-cancel';
import { renderServiceOrder } from '../../lib/resources/service-order';

/** POST /v1/sandbox/service-orders/{serviceOrderID}/renewal/approve */
export const handler = sandboxTrigger(contract, async (scope, params) =>
  renderServiceOrder(await approveRenewalCancel(scope, params.serviceOrderID), { withForm: true }),
);
