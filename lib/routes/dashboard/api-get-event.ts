import { eventIdParams } from '../../events/listing/event-id-params';
import { noQuery } from '../../input/empty';
import { dashboardApi } from '../core/operation';

export const dashboardApiGetEvent = dashboardApi('api-get-event', {
  method: 'GET',
  path: '/dashboard/api/events/{eventID}',
  operation: 'dashboardApiGetEvent',
  params: eventIdParams,
  query: noQuery,
});
