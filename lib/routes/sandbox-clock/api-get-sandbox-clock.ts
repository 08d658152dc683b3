import { dashboardApi } from '../core/operation';

export const dashboardApiGetSandboxClock = dashboardApi('api-get-sandbox-clock', {
  method: 'GET',
  path: '/dashboard/api/sandbox-clock',
  operation: 'dashboardApiGetSandboxClock',
});
