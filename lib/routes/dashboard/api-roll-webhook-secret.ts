import { noBody } from '../../input/empty';
import { endpointParams } from '../../dashboard/webhook-endpoints';
import { dashboardApi } from '../core/operation';

export const dashboardApiRollWebhookSecret = dashboardApi('api-roll-webhook-secret', {
  method: 'POST',
  path: '/dashboard/api/webhook-endpoints/{id}/secret/roll',
  operation: 'dashboardApiRollWebhookSecret',
  params: endpointParams,
  // A field sent is refused, as on the partner API's bodyless POSTs (docs/decisions.md, "Dashboard").
  body: noBody,
});
