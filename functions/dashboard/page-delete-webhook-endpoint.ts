import { dashboardPageOperation } from '../../lib/http/dashboard/page-operation';
import { dashboardDeleteWebhookEndpoint as contract } from '../../lib/routes/dashboard/page-delete-webhook-endpoint';
import { deleteWebhookEndpointAs } from '../../lib/dashboard/audited-changes';
import { seeOther } from '../../lib/dashboard/pages/layout';

/** POST /dashboard/webhook-endpoints/{id}/delete: the endpoint page's delete button (the JSON face: DELETE). */
export const handler = dashboardPageOperation({
  ...contract,
  handle: async ({ auth, params }) => {
    await deleteWebhookEndpointAs(auth, params.id);
    return seeOther(`/dashboard/webhook-endpoints?deleted=${params.id}`);
  },
});
