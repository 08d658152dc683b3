import { noQuery } from '../../input/empty';
import { dashboardApi } from '../core/operation';

export const dashboardApiListKeys = dashboardApi('api-list-keys', {
  method: 'GET',
  path: '/dashboard/api/keys',
  operation: 'dashboardApiListKeys',
  query: noQuery,
});
