import { dashboardPage } from '../core/operation';

export const dashboardCreateKey = dashboardPage('page-create-key', {
  method: 'POST',
  path: '/dashboard/keys',
  operation: 'dashboardCreateKey',
});
