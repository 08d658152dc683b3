import { FALLBACK_HANDLER, type Route } from '../../lib/routes';

/**
 * The REST API's resource tree and how API Gateway (REST, proxy integrations) picks the method a
 * request runs. One description for both gateways: PartnerRestApi (infra/aws) builds its resources and
 * methods from `gatewayResources`, and the embedded gateway (infra/local) routes with the same tree
 * and `resolveRequest`. test/infra/gateway.test.ts resolves the shared case table against the tree
 * read back from the synthesized template; test/e2e/local-gateway.test.ts sends it over HTTP.
 *
 * How API Gateway resolves (docs/decisions.md, "Hostile input at the edges"):
 * - the path is matched as sent, still percent-encoded; no segment is decoded or validated, and
 *   path parameters reach the function as sent (`%zz` is just a segment);
 * - trailing slashes are ignored; `{param}` takes one non-empty segment, `{proxy+}` the rest;
 * - among the resources whose template matches and that have the request's method (or `ANY`), the
 *   most specific wins: segment by segment from the left, a literal before a `{param}` before a
 *   `{proxy+}`. A literal resource without the method falls through to a `{proxy+}` that has it;
 * - `ANY` answers GET, POST, PUT, PATCH, DELETE, HEAD and OPTIONS; any other method, like a path no
 *   resource matches, gets the gateway's MISSING_AUTHENTICATION_TOKEN response.
 */

/** What a resource's method invokes: one route's function, or the fallback function. */
export type Integration = { kind: 'route'; route: Route } | { kind: 'fallback'; handler: string };

export interface GatewayResource<T = Integration> {
  /** Full path template: `/`, `/v1/companies/{companyID}`, `/v1/{proxy+}`. */
  path: string;
  /** HTTP method or `ANY` → what it invokes. */
  methods: Map<string, T>;
}

/** The methods an `ANY` method answers. */
export const ANY_METHODS: ReadonlySet<string> = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

/** Resources whose `{proxy+}` child catches what no deeper resource serves: the root and `/v1`. */
export const CATCH_ALL_PARENTS = ['/', '/v1'];

/**
 * The resources of the route table: every route's path and each of its prefixes (the root included),
 * each route's method to its function, `ANY` on every resource to the fallback, and `ANY` on
 * `/{proxy+}` and `/v1/{proxy+}` to the fallback. Sorted by path.
 */
export function gatewayResources(routes: Route[]): GatewayResource[] {
  const byPath = new Map<string, GatewayResource>();
  const resource = (path: string): GatewayResource => {
    let found = byPath.get(path);
    if (!found) {
      found = { path, methods: new Map() };
      byPath.set(path, found);
      if (path !== '/') resource(path.slice(0, path.lastIndexOf('/')) || '/');
    }
    return found;
  };
  resource('/');
  for (const route of routes) resource(route.path).methods.set(route.method, { kind: 'route', route });
  const fallback: Integration = { kind: 'fallback', handler: FALLBACK_HANDLER };
  for (const r of [...byPath.values()]) r.methods.set('ANY', fallback);
  for (const parent of CATCH_ALL_PARENTS) {
    const path = `${parent === '/' ? '' : parent}/{proxy+}`;
    byPath.set(path, { path, methods: new Map([['ANY', fallback]]) });
  }
  return [...byPath.values()].sort((a, b) => a.path.localeCompare(b.path));
}

export interface Resolved<T> {
  /** The matched resource's template (the event's `resource`). */
  resource: string;
  integration: T;
  /** The template's parameters as sent (still percent-encoded), or null when it has none. */
  pathParameters: Record<string, string> | null;
}

/** The method a request runs, or undefined when the gateway answers MISSING_AUTHENTICATION_TOKEN. */
export function resolveRequest<T>(resources: GatewayResource<T>[], method: string, rawPath: string): Resolved<T> | undefined {
  const segments = segmentsOf(rawPath);
  if (!segments) return undefined;
  let best: { rank: number[]; resolved: Resolved<T> } | undefined;
  for (const r of resources) {
    const integration = r.methods.get(method) ?? (ANY_METHODS.has(method) ? r.methods.get('ANY') : undefined);
    if (integration === undefined) continue;
    const match = matchTemplate(r.path, segments);
    if (!match) continue;
    if (!best || moreSpecific(match.rank, best.rank)) {
      best = { rank: match.rank, resolved: { resource: r.path, integration, pathParameters: match.names ? match.params : null } };
    }
  }
  return best?.resolved;
}

/** `/v1/a/b/` → `['v1', 'a', 'b']`, `/` → `[]`; undefined for a target that is not an absolute path. */
function segmentsOf(rawPath: string): string[] | undefined {
  if (!rawPath.startsWith('/')) return undefined;
  const trimmed = rawPath.replace(/\/+$/, '');
  return trimmed === '' ? [] : trimmed.slice(1).split('/');
}

const LITERAL = 0;
const PARAMETER = 1;
const GREEDY = 2;

function matchTemplate(
  template: string,
  segments: string[],
): { rank: number[]; params: Record<string, string>; names: boolean } | undefined {
  const parts = template === '/' ? [] : template.slice(1).split('/');
  const rank: number[] = [];
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    const greedy = /^\{(\w+)\+\}$/.exec(part);
    if (greedy) {
      const rest = segments.slice(i).join('/');
      if (rest === '') return undefined;
      params[greedy[1]] = rest;
      rank.push(GREEDY);
      return { rank, params, names: true };
    }
    if (i >= segments.length) return undefined;
    const parameter = /^\{(\w+)\}$/.exec(part);
    if (parameter) {
      if (segments[i] === '') return undefined;
      params[parameter[1]] = segments[i];
      rank.push(PARAMETER);
    } else if (part === segments[i]) rank.push(LITERAL);
    else return undefined;
  }
  if (segments.length !== parts.length) return undefined;
  return { rank, params, names: rank.some((k) => k !== LITERAL) };
}

function moreSpecific(a: number[], b: number[]): boolean {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] < b[i];
  return a.length > b.length;
}
