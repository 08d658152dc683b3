import { dashboardPageOperation } from '../../lib/http/dashboard/page-operation';
import { dashboardRetryWebhookEndpoint as contract } from '../../lib/routes/dashboard/page-retry-webhook-endpoint';
import { retryNowAs } from '../../lib/dashboard/audited-acts';
import { seeOther } from '../../lib/dashboard/pages/layout';

/** POST /dashboard/webhook-endpoints/{id}/retry: the "Retry now" button (the JSON face: …/api/…/retry). */
export const handler = dashboardPageOperation({
  ...contract,
  handle: async ({ auth, params }) => {
    const retry = await retryNowAs(auth, params.id);
    return seeOther(`/dashboard/webhook-endpoints/${params.id}?retried=${retry.event_id}`);
  },
});
