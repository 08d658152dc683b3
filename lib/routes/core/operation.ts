import type { z } from 'zod';
import type { Contract } from '../../http/core/contract';
import type { Route } from './route';

/** How an operation is described in the OpenAPI document (lib/openapi/document.ts). */
export interface OperationDoc {
  /** The document's name for it, where it differs from the route table's (the hosted invoice page). */
  operationId?: string;
  summary: string;
  description?: string;
  tag: string;
  /**
   * Success responses by status; a schema should carry `.meta({id})` so it becomes a component. A
   * resource's schema is given as the function that builds it on first use (lib/resources/built-on-first-use.ts),
   * so that a function's cold start never builds the schemas only this document reads.
   */
  responses: Record<number, { description: string; schema?: z.ZodType | (() => z.ZodType); headers?: Record<string, string> }>;
  /** Error statuses this operation can answer besides those of every keyed operation (400, 401, 403, 429, 500). */
  errors?: readonly number[];
  /** A multipart body (an upload): its text fields; the document adds `file` as binary. */
  multipart?: z.ZodType;
  /** Cross-field rules of the JSON body in JSON Schema (`if`/`then`), added to it as `allOf`. */
  bodyConditions?: readonly Record<string, unknown>[];
  /** Takes the `Service-Account` header (company creation and its preview). */
  accountHeader?: boolean;
}

/**
 * ONE operation, described once: its route (method, path, handler file), its contract (who calls it,
 * the scope, the schemas of its path, query and body, idempotency) and, for the operations of the
 * public API, its OpenAPI entry. The CDK app and the embedded default read the route; the handler
 * factory (`apiOperation({ ...contract, handle })`) the contract; the OpenAPI document and the
 * isolation matrices all of it.
 */
export type Operation<P extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType> = Route &
  Contract<P, Q, B> &
  Partial<OperationDoc>;

const handlerFile = (folder: string, file: string) => `functions/${folder}/${file}.ts`;

/** An operation of the partner API (key, scope, JSON), its handler in functions/api/. */
export function partner<const O extends Omit<Operation, 'audience' | 'handler'>>(file: string, operation: O) {
  return { ...operation, handler: handlerFile('api', file), audience: 'partner' as const };
}

/** A keyless route (a page, the OpenAPI document), its handler in functions/<folder>/. */
export function keyless<const O extends Omit<Operation, 'audience' | 'handler'>>(folder: 'api' | 'pages', file: string, operation: O) {
  return { ...operation, handler: handlerFile(folder, file), audience: 'public' as const };
}

/** A route of the dashboard's JSON face (`/dashboard/api/…`), its handler in functions/dashboard/. */
export function dashboardApi<const O extends Omit<Operation, 'audience' | 'handler' | 'face'>>(file: string, operation: O) {
  return { ...operation, handler: handlerFile('dashboard', file), audience: 'dashboard' as const, face: 'json' as const };
}

/** A dashboard page (HTML and forms), its handler in functions/dashboard/. */
export function dashboardPage<const O extends Omit<Operation, 'audience' | 'handler' | 'face'>>(file: string, operation: O) {
  return { ...operation, handler: handlerFile('dashboard', file), audience: 'dashboard' as const, face: 'page' as const };
}
