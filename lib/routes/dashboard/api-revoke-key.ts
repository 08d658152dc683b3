import { noBody } from '../../input/empty';
import { keyIdParams } from '../../dashboard/api-keys';
import { dashboardApi } from '../core/operation';

export const dashboardApiRevokeKey = dashboardApi('api-revoke-key', {
  method: 'POST',
  path: '/dashboard/api/keys/{keyID}/revoke',
  operation: 'dashboardApiRevokeKey',
  params: keyIdParams,
  // A field sent is refused, as on the partner API's bodyless POSTs (docs/decisions.md, "Dashboard").
  body: noBody,
});
