import { dashboardPage } from '../core/operation';

export const dashboardSessions = dashboardPage('page-sessions', {
  method: 'GET',
  path: '/dashboard/sessions',
  operation: 'dashboardSessions',
});
