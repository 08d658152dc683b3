import { dashboardApiOperation } from '../../lib/http/dashboard/api-operation';
import { dashboardApiReplaceWebhookSigningKey as contract } from '../../lib/routes/dashboard/api-replace-webhook-signing-key';
import { replaceSigningKeyAs } from '../../lib/dashboard/audited-changes';

/**
 * POST /dashboard/api/webhook-endpoints/{id}/signing-key/replace (owner, stepped up, audited): a new
 * ed25519 key; the replaced one keeps signing v1a beside it for 24 hours. A secret roll never does this.
 */
export const handler = dashboardApiOperation({
  ...contract,
  handle: async ({ auth, params }) => ({ status: 200, body: await replaceSigningKeyAs(auth, params.id) }),
});
