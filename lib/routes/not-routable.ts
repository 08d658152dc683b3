import { ApiError } from '../errors';
import { config } from '../config';
import { routesForPath } from './match';
import type { Route } from './core/route';

/** 405 with `Allow` when the path exists under other methods, else 404 `resource_missing`. */
export function notRoutable(routes: Route[], method: string, path: string): ApiError {
  const allowed = [...new Set(routesForPath(routes, path).map((m) => m.route.method))];
  if (allowed.length) {
    return new ApiError('method_not_allowed', `${method} is not supported on ${path}. Allowed: ${allowed.join(', ')}.`, undefined, {
      Allow: allowed.join(', '),
    });
  }
  return new ApiError('resource_missing', `No route ${method} ${path}. See ${config().publicUrl}/v1/openapi.json for every route.`);
}
