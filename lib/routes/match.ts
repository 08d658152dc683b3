import type { Route, RouteShape } from './core/route';

export interface RouteMatch<R extends RouteShape = Route> {
  route: R;
  pathParameters: Record<string, string>;
}

const compiled = new WeakMap<RouteShape, { regex: RegExp; names: string[] }>();

function compile(route: RouteShape) {
  let entry = compiled.get(route);
  if (!entry) {
    const names: string[] = [];
    const source = route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{([A-Za-z]+)\}/g, (_m, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    entry = { regex: new RegExp(`^${source}/?$`), names };
    compiled.set(route, entry);
  }
  return entry;
}

/**
 * Routes whose path template matches `path`, whatever their method (a static segment beats a
 * parameter). Parameters are taken as sent, still percent-encoded, as API Gateway passes them
 * (infra/gateway/resources.ts): every id of ours is letters, digits and `_`, so a `%` is simply no id.
 */
export function routesForPath<R extends RouteShape>(routes: R[], path: string): RouteMatch<R>[] {
  const out: RouteMatch<R>[] = [];
  for (const route of routes) {
    const { regex, names } = compile(route);
    const m = regex.exec(path);
    if (!m) continue;
    const pathParameters: Record<string, string> = {};
    for (const [i, name] of names.entries()) pathParameters[name] = m[i + 1];
    out.push({ route, pathParameters });
  }
  // API Gateway prefers the more literal template: fewer parameters first.
  return out.sort((a, b) => compile(a.route).names.length - compile(b.route).names.length);
}

export function matchRoute(routes: Route[], method: string, path: string): RouteMatch | undefined {
  return routesForPath(routes, path).find((m) => m.route.method === method.toUpperCase());
}
