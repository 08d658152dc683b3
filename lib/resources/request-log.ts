import * as z from 'zod';
import { onFirstUse } from './built-on-first-use';
import { dateTime, idOf } from './shared';

/** GET /requests/{requestID} (docs/api.md, "Added for the partner experience"). */
export const requestLogSchema = onFirstUse(() =>
  z
    .strictObject({
      object: z.literal('request_log'),
      id: idOf('request').meta({ description: 'The `request_id` of the answer (its `Request-Id` header).' }),
      method: z.string(),
      path: z.string(),
      query: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
      status: z.number().int(),
      code: z.string().optional().meta({ description: 'The error code of an error answer.' }),
      api_version: z.string(),
      idempotency_key: z.string().optional(),
      key_id: z.string(),
      source_ip: z.string(),
      duration_ms: z.number().int().min(0),
      created_at: dateTime(),
      request_body: z.unknown().optional().meta({
        description: 'The JSON body sent, secrets and identity data redacted; a string when it was not JSON or too long to keep whole.',
      }),
      response_body: z.unknown().meta({ description: 'The JSON body answered, secrets and identity data redacted.' }),
    })
    .meta({
      id: 'RequestLog',
      description: 'A past request and its answer, kept 7 days: every POST and every answer of 400 or more (but 429).',
    }),
);

export type RequestLog = z.infer<ReturnType<typeof requestLogSchema>>;
export type RequestLogRecord = Omit<RequestLog, 'object'>;

/** The entry in its schema's order (the order the schema gives), optional fields where they stand. */
export function renderRequestLog(record: RequestLogRecord): RequestLog {
  return {
    object: 'request_log',
    id: record.id,
    method: record.method,
    path: record.path,
    query: record.query ?? {},
    status: record.status,
    ...(record.code !== undefined && { code: record.code }),
    api_version: record.api_version,
    ...(record.idempotency_key !== undefined && { idempotency_key: record.idempotency_key }),
    key_id: record.key_id,
    source_ip: record.source_ip,
    duration_ms: record.duration_ms,
    created_at: record.created_at,
    ...(record.request_body !== undefined && { request_body: record.request_body }),
    response_body: record.response_body ?? null,
  };
}
