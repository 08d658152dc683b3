import { listRequestLogsQuery } from '../../request-log/list';
import { pagedList } from '../../resources/lists';
import { requestLogSchema } from '../../resources/request-log';
import { partner } from '../core/operation';

export const listRequestLogs = partner('list-request-logs', {
  method: 'GET',
  path: '/v1/requests',
  operation: 'listRequestLogs',
  scope: 'logs:read',
  query: listRequestLogsQuery,
  summary: 'The request log, newest first, cursor-paged',
  description:
    'The past 7 days of logged requests (every POST, every answer of 400 or more but 429) in the key’s mode. Filters: `status`, `status[gte]`, `status[lt]`, `method`, `path` (exact, such as `/v1/companies`), `created_at[…]`.',
  tag: 'Requests',
  responses: {
    200: { description: 'A page of logged requests.', schema: pagedList('RequestLogList', requestLogSchema, 'A page of logged requests.') },
  },
});
