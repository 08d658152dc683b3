import { noBody } from '../../input/empty';
import { endpointIdParams } from '../../webhooks/operations/dashboard-delivery';
import { dashboardApi } from '../core/operation';

export const dashboardApiTestWebhookEndpoint = dashboardApi('api-test-webhook-endpoint', {
  method: 'POST',
  path: '/dashboard/api/webhook-endpoints/{id}/test',
  operation: 'dashboardApiTestWebhookEndpoint',
  params: endpointIdParams,
  // A field sent is refused, as on the partner API's bodyless POSTs (docs/decisions.md, "Dashboard").
  body: noBody,
});
