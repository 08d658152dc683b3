import { dashboardPage } from '../core/operation';

export const dashboardKeys = dashboardPage('page-keys', { method: 'GET', path: '/dashboard/keys', operation: 'dashboardKeys' });
