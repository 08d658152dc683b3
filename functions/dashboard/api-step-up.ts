import { dashboardApiOperation } from '../../lib/http/dashboard/api-operation';
import { dashboardApiStepUp as contract } from '../../lib/routes/dashboard/api-step-up';
import { requestStepUp } from '../../lib/dashboard/step-up';

/** POST /dashboard/api/step-up → 202: a fresh code is e-mailed to the signed-in person. */
export const handler = dashboardApiOperation({
  ...contract,
  handle: async ({ auth }) => ({ status: 202, body: await requestStepUp(auth.session, auth.token) }),
});
