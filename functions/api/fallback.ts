import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { apiOperation } from '../../lib/http/operation';
import { keylessOperation } from '../../lib/http/keyless-operation';
import routeIndex from '../../lib/routes/route-index.json' with { type: 'json' };
import type { IndexedRoute } from '../../lib/routes/core/route';
import { routesForPath } from '../../lib/routes/match';
import { notRoutable } from '../../lib/routes/not-routable';

/**
 * The route table's methods, paths and audiences alone (`npm run schemas` writes them from the table; a
 * test holds the file to it): loading the table itself would build every route's request schemas at a
 * cold start, and this function only matches paths (docs/decisions.md, "Bundles").
 */
const ROUTES = routeIndex as IndexedRoute[];

/**
 * Whether the resource the gateway picks for `path` is one whose every method needs no key (the
 * OpenAPI document): asking it for another method needs none either, so the answer is its 405, not a
 * 401 (docs/decisions.md, "Unknown paths").
 */
function keylessResource(path: string): boolean {
  const matches = routesForPath(ROUTES, path);
  const resource = matches[0]?.route.path;
  return resource !== undefined && matches.every((m) => m.route.path !== resource || m.route.audience === 'public');
}

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
  ((event.path.startsWith('/v1/') || event.path === '/v1') && !keylessResource(event.path) ? partnerFallback : publicFallback)(
    event,
    context,
  );
