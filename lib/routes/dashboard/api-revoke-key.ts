import { keyIdParams } from '../../dashboard/api-keys';
import { dashboardApi } from '../core/operation';

export const dashboardApiRevokeKey = dashboardApi('api-revoke-key', {
  method: 'POST',
  path: '/dashboard/api/keys/{keyID}/revoke',
  operation: 'dashboardApiRevokeKey',
  params: keyIdParams,
});
