import { noBody } from '../../input/empty';
import { endpointParams } from '../../dashboard/webhook-endpoints';
import { dashboardApi } from '../core/operation';

export const dashboardApiDeleteWebhookEndpoint = dashboardApi('api-delete-webhook-endpoint', {
  method: 'DELETE',
  path: '/dashboard/api/webhook-endpoints/{id}',
  operation: 'dashboardApiDeleteWebhookEndpoint',
  params: endpointParams,
  // A field sent is refused, as on the partner API's bodyless POSTs (docs/decisions.md, "Dashboard").
  body: noBody,
});
