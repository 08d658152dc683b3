import { dashboardPage } from '../core/operation';

export const dashboardAdvanceSandboxClock = dashboardPage('page-advance-sandbox-clock', {
  method: 'POST',
  path: '/dashboard/sandbox-clock/advance',
  operation: 'dashboardAdvanceSandboxClock',
});
