import type { RequestLogRecord } from '../resources/request-log';
import { storedBody, redact, redactText } from './redact';

/**
 * Which answers are logged (docs/api.md): every POST and every answer of 400 or more, of a
 * caller whose key we know. Not a 429 nor an unknown key's 401, so a flood of refused requests never
 * makes us write (the refusal costs what the rate limit's own count costs, no more).
 */
export function isLogged(method: string, status: number, keyKnown: boolean): boolean {
  if (!keyKnown || status === 429) return false;
  return method === 'POST' || status >= 400;
}

export interface LoggedExchange {
  requestId: string;
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  requestBody?: string | null;
  status: number;
  responseBody?: string | null;
  apiVersion: string;
  idempotencyKey?: string;
  keyId: string;
  sourceIp: string;
  receivedAt: Date;
  answeredAt: Date;
}

/** The record of one request and its answer: bodies redacted and bounded (lib/request-log/redact.ts). */
export function requestLogEntry(x: LoggedExchange): RequestLogRecord {
  const response = storedBody(x.responseBody);
  const record: RequestLogRecord = {
    id: x.requestId,
    method: x.method,
    path: x.path,
    query: redact(x.query) as Record<string, string | string[]>,
    status: x.status,
    api_version: x.apiVersion,
    key_id: x.keyId,
    source_ip: x.sourceIp,
    duration_ms: Math.max(0, x.answeredAt.getTime() - x.receivedAt.getTime()),
    created_at: x.receivedAt.toISOString(),
    response_body: response ?? null,
  };
  const code = x.status >= 400 ? (response as { code?: unknown } | undefined)?.code : undefined;
  if (typeof code === 'string') record.code = code;
  // A partner may build the key from what it identifies (an SSN): kept as redacted text.
  if (x.idempotencyKey !== undefined) record.idempotency_key = redactText(x.idempotencyKey);
  const request = storedBody(x.requestBody);
  if (request !== undefined) record.request_body = request;
  return record;
}
