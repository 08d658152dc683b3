import { ApiError } from '../errors';
import { config } from '../config';
import { routesForPath } from './match';
import type { IndexedRoute, RouteShape } from './core/route';

/**
 * The routes of the one resource the gateway picks for `path`, whatever their method: the most literal
 * template, so GET /v1/companies/preview reaches `/companies/preview` (POST only), not
 * `/companies/{companyID}`. None when no template matches.
 */
function routesOfResource<R extends RouteShape>(routes: R[], path: string): R[] {
  const matches = routesForPath(routes, path);
  const resource = matches[0]?.route.path;
  return matches.filter((m) => m.route.path === resource).map((m) => m.route);
}

/** 405 with `Allow` (the methods of the resource the gateway picks) when the path exists, else 404 `resource_missing`. */
export function notRoutable(routes: RouteShape[], method: string, path: string): ApiError {
  const allowed = [...new Set(routesOfResource(routes, path).map((r) => r.method))];
  if (allowed.length) {
    return new ApiError('method_not_allowed', `${method} is not supported on ${path}. Allowed: ${allowed.join(', ')}.`, undefined, {
      Allow: allowed.join(', '),
    });
  }
  return new ApiError('resource_missing', `No route ${method} ${path}. See ${config().publicUrl}/v1/openapi.json for every route.`);
}

/**
 * Whether the resource the gateway picks for `path` needs no key for any of its methods (the OpenAPI
 * document): another method on it needs none either, so its 405 is answered without one, where any
 * other path under /v1 asks for a key first (docs/decisions.md, "Requests").
 */
export function isKeylessResource(routes: IndexedRoute[], path: string): boolean {
  const own = routesOfResource(routes, path);
  return own.length > 0 && own.every((r) => r.audience === 'public');
}
