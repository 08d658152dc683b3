import { noBody } from '../../input/empty';
import { endpointIdParams } from '../../webhooks/operations/dashboard-delivery';
import { dashboardApi } from '../core/operation';

export const dashboardApiRetryWebhookEndpoint = dashboardApi('api-retry-webhook-endpoint', {
  method: 'POST',
  path: '/dashboard/api/webhook-endpoints/{id}/retry',
  operation: 'dashboardApiRetryWebhookEndpoint',
  params: endpointIdParams,
  // A field sent is refused, as on the partner API's bodyless POSTs (docs/decisions.md, "Dashboard").
  body: noBody,
});
