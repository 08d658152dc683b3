import { browseEventsQuery } from '../../dashboard/event-browser';
import { dashboardApi } from '../core/operation';

export const dashboardApiListEvents = dashboardApi('api-list-events', {
  method: 'GET',
  path: '/dashboard/api/events',
  operation: 'dashboardApiListEvents',
  query: browseEventsQuery,
});
