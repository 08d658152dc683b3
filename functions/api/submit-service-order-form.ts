import { apiOperation } from '../../lib/http/operation';
import { submitServiceOrderForm as contract } from '../../lib/routes/orders/submit-service-order-form';
import { submitForm } from '../../lib/orders/moves/submit-form';
import { renderServiceOrder } from '../../lib/resources/service-order';

/** POST /v1/service-orders/{serviceOrderID}/form: the form submission endpoint */
export const handler = apiOperation({
  ...contract,
  handle: async ({ caller, params, body }) => {
    const order = await submitForm(caller.scope, params.serviceOrderID, body.answers);
    return { status: 200, body: renderServiceOrder(order, { withForm: true }) };
  },
});
