import { auditPageQuery } from '../../dashboard/audit';
import { dashboardPage } from '../core/operation';

export const dashboardAudit = dashboardPage('page-audit', {
  method: 'GET',
  path: '/dashboard/audit',
  operation: 'dashboardAudit',
  query: auditPageQuery,
});
