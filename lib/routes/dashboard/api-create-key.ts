import { createKeyBody } from '../../dashboard/api-keys';
import { dashboardApi } from '../core/operation';

export const dashboardApiCreateKey = dashboardApi('api-create-key', {
  method: 'POST',
  path: '/dashboard/api/keys',
  operation: 'dashboardApiCreateKey',
  body: createKeyBody,
});
