import type { Route } from './route';

export const eventRoutes: Route[] = [
  { method: 'GET', path: '/v1/events', operation: 'listEvents', handler: 'functions/api/list-events.ts', audience: 'partner' },
  { method: 'GET', path: '/v1/openapi.json', operation: 'getOpenApi', handler: 'functions/api/get-openapi.ts', audience: 'public' },
  { method: 'GET', path: '/v1/events/{eventID}', operation: 'getEvent', handler: 'functions/api/get-event.ts', audience: 'partner' },
];
