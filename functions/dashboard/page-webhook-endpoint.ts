import { dashboardPage } from '../../lib/dashboard/http/operation';
import { endpointParams, readWebhookEndpoint } from '../../lib/dashboard/webhook-endpoints';
import { endpointPage } from '../../lib/dashboard/pages/webhook-endpoints';

/** GET /dashboard/webhook-endpoints/{id} */
export const handler = dashboardPage({
  params: endpointParams,
  handle: async ({ auth, params }) => endpointPage(auth.session, await readWebhookEndpoint(auth.session.partner_id, params.id)),
});
