import { apiOperation } from '../../lib/http/api-operation';
import { noQuery } from '../../lib/http/schemas';
import { serviceOrderIdParams, emptyBody } from '../../lib/orders/params';
import { requireAction } from '../../lib/orders/moves/require-action';
import { renderServiceOrder } from '../../lib/resources/service-order';

/** POST /v1/sandbox/service-orders/{serviceOrderID}/require-action */
export const handler = apiOperation({
  scope: 'sandbox:write',
  testModeOnly: true,
  idempotent: true,
  params: serviceOrderIdParams,
  query: noQuery,
  body: emptyBody,
  handle: async ({ caller, params }) => {
    const order = await requireAction(caller.scope, params.serviceOrderID);
    return { status: 200, body: renderServiceOrder(order, { withForm: true }) };
  },
});
