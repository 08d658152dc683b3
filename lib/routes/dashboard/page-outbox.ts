import { dashboardPage } from '../core/operation';

export const dashboardOutbox = dashboardPage('page-outbox', {
  method: 'GET',
  path: '/dashboard/outbox',
  operation: 'dashboardOutbox',
  signedOut: true,
});
