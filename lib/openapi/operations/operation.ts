import type { z } from 'zod';
import type { HttpMethod } from '../../routes/route';
import type { ScopeName } from '../../auth/scopes';

/**
 * One operation of the OpenAPI document, described from the same zod schemas the handler validates
 * with and the resources it returns. Each area lists its operations in lib/openapi/operations/<area>.ts.
 */
export interface OperationSpec {
  method: HttpMethod;
  /** As in the route table, e.g. `/v1/events/{eventID}`. */
  path: string;
  /** The route table's `operation` name. */
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  /** The scope a key needs; `'none'`: any valid key; `'public'`: no key at all. */
  scope: ScopeName | 'none' | 'public';
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Success responses by status; a schema should carry `.meta({id})` so it becomes a component. */
  responses: Record<number, { description: string; schema?: z.ZodType; headers?: Record<string, string> }>;
  /** Error statuses this operation can answer besides those of every keyed operation (400, 401, 403, 429, 500). */
  errors?: number[];
}
