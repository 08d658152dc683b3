import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { DashboardContext } from './types';

/**
 * Every dashboard response: `Request-Id`, never cached (secrets are shown once), no framing, no
 * scripts at all (the dashboard has none), forms only to ourselves.
 */
export const DASHBOARD_SECURITY_HEADERS: Record<string, string> = {
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
};

export function dashboardHeaders(): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, DashboardContext> {
  const add = (request: { response?: APIGatewayProxyResult | null; context: DashboardContext }) => {
    if (!request.response) return;
    request.response.headers = {
      ...request.response.headers,
      ...DASHBOARD_SECURITY_HEADERS,
      ...request.context.state?.responseHeaders,
      'Request-Id': request.context.state?.requestId ?? 'unknown',
    };
  };
  return { name: 'dashboardHeaders', after: add, onError: add };
}
