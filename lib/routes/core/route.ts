export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One row of the route table. The CDK app and the embedded default both read the table, so a route
 * is declared once: method, path (API Gateway template, `{companyID}` style) and the handler file.
 */
export interface Route {
  method: HttpMethod;
  /** Full path from the host root, e.g. `/v1/companies/{companyID}`. */
  path: string;
  /** A stable name for the operation: the Lambda's name, metrics, dashboards. */
  operation: string;
  /** The handler module, relative to the repository root; it exports `handler`. */
  handler: string;
  /** Who calls it: partners with keys, dashboard users, or anyone (status links, OpenAPI). */
  audience: 'partner' | 'dashboard' | 'public';
  /** Largest request body the route accepts (API Gateway's own limit is 10 MB). */
  maxBodyBytes?: number;
}

/** What matching a request needs of a route: its method and path template. */
export type RouteShape = Pick<Route, 'method' | 'path'>;

/** A row of the route index the fallback reads (`lib/routes/route-index.json`): who may call it, too. */
export type IndexedRoute = Pick<Route, 'method' | 'path' | 'audience'>;

/** Answers 404 `resource_missing` for unknown paths and 405 `method_not_allowed` for known ones. */
export const FALLBACK_HANDLER = 'functions/api/fallback.ts';
