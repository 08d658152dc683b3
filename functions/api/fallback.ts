import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { apiOperation } from '../../lib/http/operation';
import { keylessOperation } from '../../lib/http/keyless-operation';
import { ROUTES } from '../../lib/routes';
import { notRoutable } from '../../lib/routes/not-routable';

/** Every path and method no route claims. Under /v1 the caller authenticates first, as on any route. */
const partnerFallback = apiOperation({
  handle: async ({ event }) => {
    throw notRoutable(ROUTES, event.httpMethod, event.path);
  },
});
const publicFallback = keylessOperation({
  audience: 'public',
  handle: async ({ event }) => {
    throw notRoutable(ROUTES, event.httpMethod, event.path);
  },
});

export const handler = (event: APIGatewayProxyEvent, context: Context) =>
  (event.path.startsWith('/v1/') || event.path === '/v1' ? partnerFallback : publicFallback)(event, context);
