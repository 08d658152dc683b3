import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { apiOperation } from '../../lib/http/operation';
import { keylessOperation } from '../../lib/http/keyless-operation';
import routeIndex from '../../lib/routes/route-index.json' with { type: 'json' };
import type { IndexedRoute } from '../../lib/routes/core/route';
import { isKeylessResource, notRoutable } from '../../lib/routes/not-routable';

/**
 * The route table's methods, paths and audiences alone (`npm run schemas` writes them from the table; a
 * test holds the file to it): loading the table itself would build every route's request schemas at a
 * cold start, and this function only matches paths (docs/decisions.md, "Bundles").
 */
const ROUTES = routeIndex as IndexedRoute[];

/**
 * Every path and method no route claims. Under /v1 the caller authenticates first, as on any route, but
 * on a resource that needs no key (the OpenAPI document).
 */
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
  ((event.path.startsWith('/v1/') || event.path === '/v1') && !isKeylessResource(ROUTES, event.path) ? partnerFallback : publicFallback)(
    event,
    context,
  );
