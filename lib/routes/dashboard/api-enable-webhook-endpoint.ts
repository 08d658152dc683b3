import { noBody } from '../../input/empty';
import { endpointParams } from '../../dashboard/webhook-endpoints';
import { dashboardApi } from '../core/operation';

export const dashboardApiEnableWebhookEndpoint = dashboardApi('api-enable-webhook-endpoint', {
  method: 'POST',
  path: '/dashboard/api/webhook-endpoints/{id}/enable',
  operation: 'dashboardApiEnableWebhookEndpoint',
  params: endpointParams,
  // A field sent is refused, as on the partner API's bodyless POSTs (docs/decisions.md, "Dashboard").
  body: noBody,
});
