import { dashboardApi } from '../../lib/dashboard/http/operation';
import { createEndpointBody, createWebhookEndpoint } from '../../lib/dashboard/webhook-endpoints';

/** POST /dashboard/api/webhook-endpoints → 201 with `secret` (this response only) and `public_key`. */
export const handler = dashboardApi({
  body: createEndpointBody,
  handle: async ({ auth, body }) => ({ status: 201, body: await createWebhookEndpoint(auth.session.partner_id, body) }),
});
