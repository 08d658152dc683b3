import { createHash } from 'node:crypto';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { queryOf } from './query';
import { header } from './types';

/** Request headers that change what a request does, so they are part of "the same request". */
const MEANINGFUL_HEADERS = ['service-account'];

/**
 * What "the same request" means for Idempotency-Key (docs/decisions.md, "Idempotency"): method, route
 * path, query parameters, the headers that change the outcome, the API version the request runs under
 * (`Service-Version`, or the partner's pinned default when it is not sent: a retry that adds the header
 * with the version already in force is the same request), and the JSON body compared by value (key
 * order and whitespace do not matter; no body at all is the same as `{}`, which every body-less POST
 * accepts). A SHA-256 of the canonical form.
 */
export function requestFingerprint(event: APIGatewayProxyEvent, body: unknown, version: string | undefined): string {
  const query = queryOf(event);
  const canonical = canonicalJson({
    method: event.httpMethod,
    path: event.path.replace(/\/+$/, ''),
    query: Object.fromEntries(
      Object.keys(query)
        .sort()
        .map((k) => [k, query[k]]),
    ),
    headers: Object.fromEntries(MEANINGFUL_HEADERS.map((h) => [h, header(event, h)?.trim() ?? null])),
    version: version ?? null,
    body: body ?? {},
  });
  return createHash('sha256').update(canonical).digest('base64url');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
