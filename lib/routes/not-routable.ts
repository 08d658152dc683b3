import { ApiError } from '../errors';
import { config } from '../config';
import { routesForPath } from './match';
import type { RouteShape } from './core/route';

/**
 * 405 with `Allow` when the path exists under other methods, else 404 `resource_missing`. The methods
 * are those of the one resource the gateway picks for the path, the most literal template: GET
 * /v1/companies/preview reaches `/companies/preview` (POST only), not `/companies/{companyID}`.
 */
export function notRoutable(routes: RouteShape[], method: string, path: string): ApiError {
  const matches = routesForPath(routes, path);
  const resource = matches[0]?.route.path;
  const allowed = [...new Set(matches.filter((m) => m.route.path === resource).map((m) => m.route.method))];
  if (allowed.length) {
    return new ApiError('method_not_allowed', `${method} is not supported on ${path}. Allowed: ${allowed.join(', ')}.`, undefined, {
      Allow: allowed.join(', '),
    });
  }
  return new ApiError('resource_missing', `No route ${method} ${path}. See ${config().publicUrl}/v1/openapi.json for every route.`);
}
