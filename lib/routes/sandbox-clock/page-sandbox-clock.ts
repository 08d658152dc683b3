import { dashboardPage } from '../core/operation';

export const dashboardSandboxClock = dashboardPage('page-sandbox-clock', {
  method: 'GET',
  path: '/dashboard/sandbox-clock',
  operation: 'dashboardSandboxClock',
});
