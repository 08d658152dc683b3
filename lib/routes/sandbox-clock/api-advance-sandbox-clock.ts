import { advanceClockBody } from '../../sandbox-clock/schemas';
import { dashboardApi } from '../core/operation';

export const dashboardApiAdvanceSandboxClock = dashboardApi('api-advance-sandbox-clock', {
  method: 'POST',
  path: '/dashboard/api/sandbox-clock/advance',
  operation: 'dashboardApiAdvanceSandboxClock',
  body: advanceClockBody,
});
