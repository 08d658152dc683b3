import { dashboardPage } from '../core/operation';

export const dashboardOverview = dashboardPage('page-overview', { method: 'GET', path: '/dashboard', operation: 'dashboardOverview' });
