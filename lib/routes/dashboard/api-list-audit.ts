import { auditQuery } from '../../dashboard/audit';
import { dashboardApi } from '../core/operation';

export const dashboardApiListAudit = dashboardApi('api-list-audit', {
  method: 'GET',
  path: '/dashboard/api/audit',
  operation: 'dashboardApiListAudit',
  query: auditQuery,
});
