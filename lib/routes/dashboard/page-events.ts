import { dashboardPage } from '../core/operation';

export const dashboardEvents = dashboardPage('page-events', {
  method: 'GET',
  path: '/dashboard/events',
  operation: 'dashboardEvents',
});
