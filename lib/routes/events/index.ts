import { listEvents } from './list-events';
import { getEvent } from './get-event';
import { getOpenApi } from './get-openapi';

export const eventRoutes = [listEvents, getEvent, getOpenApi];
