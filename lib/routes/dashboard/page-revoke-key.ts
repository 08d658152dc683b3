import { keyIdParams } from '../../dashboard/api-keys';
import { dashboardPage } from '../core/operation';

export const dashboardRevokeKey = dashboardPage('page-revoke-key', {
  method: 'POST',
  path: '/dashboard/keys/{keyID}/revoke',
  operation: 'dashboardRevokeKey',
  params: keyIdParams,
});
