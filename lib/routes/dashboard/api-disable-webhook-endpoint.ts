import { noBody } from '../../input/empty';
import { endpointParams } from '../../dashboard/webhook-endpoints';
import { dashboardApi } from '../core/operation';

export const dashboardApiDisableWebhookEndpoint = dashboardApi('api-disable-webhook-endpoint', {
  method: 'POST',
  path: '/dashboard/api/webhook-endpoints/{id}/disable',
  operation: 'dashboardApiDisableWebhookEndpoint',
  params: endpointParams,
  // A field sent is refused, as on the partner API's bodyless POSTs (docs/decisions.md, "Dashboard").
  body: noBody,
});
