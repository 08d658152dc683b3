import { eventIdParams } from '../../events/listing/event-id-params';
import { dashboardPage } from '../core/operation';

export const dashboardEvent = dashboardPage('page-event', {
  method: 'GET',
  path: '/dashboard/events/{eventID}',
  operation: 'dashboardEvent',
  params: eventIdParams,
});
