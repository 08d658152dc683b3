import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';

/**
 * The headers a bank's scanner expects, on every answer of every function (the one chain builder,
 * lib/http/handler.ts, adds them last) and on the gateway's own refusals (infra/gateway/responses.ts):
 * - every answer: HSTS (two years, subdomains; a browser ignores it over plain HTTP, so the embedded
 *   default may send it too) and `nosniff`;
 * - every page (HTML): frame protection and a CSP, unless the page set a stricter one of its own;
 * - every answer that did not choose its caching: `no-store`, so no answer with personal data is kept
 *   by a browser or a proxy (the reference's script and the OpenAPI document choose their own).
 */
export const EVERY_ANSWER: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
};

export const PAGE_DEFAULTS: Readonly<Record<string, string>> = {
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
};

export const UNCACHED: Readonly<Record<string, string>> = { 'Cache-Control': 'no-store' };

/** Headers named case-insensitively, as HTTP names them. */
function has(headers: Record<string, unknown>, name: string): boolean {
  const lower = name.toLowerCase();
  return Object.keys(headers).some((k) => k.toLowerCase() === lower);
}

function headerValue(headers: Record<string, unknown>, name: string): string {
  const lower = name.toLowerCase();
  const key = Object.keys(headers).find((k) => k.toLowerCase() === lower);
  return key === undefined ? '' : String(headers[key]);
}

/** An answer's headers with the security headers added; what the answer set itself is kept. */
export function withSecurityHeaders(headers: Record<string, string | number | boolean> = {}): Record<string, string | number | boolean> {
  const out = { ...headers, ...EVERY_ANSWER };
  const defaults = { ...(headerValue(headers, 'content-type').startsWith('text/html') ? PAGE_DEFAULTS : {}), ...UNCACHED };
  for (const [name, value] of Object.entries(defaults)) if (!has(out, name)) out[name] = value;
  return out;
}

export function securityHeaders(): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult> {
  const add = (request: { response?: APIGatewayProxyResult | null }) => {
    if (request.response) request.response.headers = withSecurityHeaders(request.response.headers);
  };
  return { name: 'securityHeaders', after: add, onError: add };
}
