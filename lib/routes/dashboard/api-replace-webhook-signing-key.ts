import { noBody } from '../../input/empty';
import { endpointParams } from '../../dashboard/webhook-endpoints';
import { dashboardApi } from '../core/operation';

export const dashboardApiReplaceWebhookSigningKey = dashboardApi('api-replace-webhook-signing-key', {
  method: 'POST',
  path: '/dashboard/api/webhook-endpoints/{id}/signing-key/replace',
  operation: 'dashboardApiReplaceWebhookSigningKey',
  params: endpointParams,
  // A field sent is refused, as on the partner API's bodyless POSTs (docs/decisions.md, "Dashboard").
  body: noBody,
});
