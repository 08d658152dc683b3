import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { ApiError } from '../../errors';
import { logger } from '../../observability/logger';
import { errorPage } from '../../dashboard/pages/error-page';
import { clearCookie, SESSION_COOKIE } from './cookies';
import { SignInRequired } from './session-auth';
import type { DashboardContext } from './types';

/** Where the sign-in page sends the browser afterwards: only a dashboard page of ours (no open redirect). */
export function safeNext(path: string | undefined): string | undefined {
  return path && /^\/dashboard(\/[A-Za-z0-9_\-/]*)?$/.test(path) && !path.startsWith('/dashboard/sign-') ? path : undefined;
}

/**
 * The page a form was posted from, by its action's path: `/dashboard/keys/{id}/revoke` → `/dashboard/keys`,
 * `/dashboard/webhook-endpoints/{id}/disable` → that endpoint's page, `/dashboard/settings` → itself.
 */
export function pageOfAction(path: string): string | undefined {
  const parts = path.split('/').filter(Boolean);
  if (parts[0] !== 'dashboard') return undefined;
  const area = parts[1];
  if (area === undefined) return '/dashboard';
  const keepsId = area === 'webhook-endpoints' || area === 'events' || area === 'requests' || area === 'invoices';
  return safeNext(`/${['dashboard', area, ...(keepsId && parts[2] ? [parts[2]] : [])].join('/')}`);
}

/**
 * Errors of pages, for people: no session (or an expired one) → 303 to sign-in, remembering the page
 * asked for; a refusal → an HTML page saying what went wrong and how to go on; anything else → a 500
 * page without internals.
 */
export function pageErrors(): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, DashboardContext> {
  return {
    name: 'pageErrors',
    onError: (request) => {
      if (request.response) return;
      const error = request.error;
      if (error instanceof SignInRequired) {
        const next = request.event.httpMethod === 'GET' ? safeNext(request.event.path) : undefined;
        request.response = {
          statusCode: 303,
          headers: {
            Location: `/dashboard/sign-in${next ? `?next=${encodeURIComponent(next)}` : ''}`,
            'Set-Cookie': clearCookie(SESSION_COOKIE),
          },
          body: '',
        };
        return;
      }
      let apiError: ApiError;
      if (error instanceof ApiError) apiError = error;
      else {
        logger.error('unexpected failure', { error: error as Error });
        apiError = new ApiError(
          'api_error',
          'Something went wrong on our side. Try again; if it persists, contact support with the request id below.',
        );
      }
      request.response = {
        statusCode: apiError.status,
        headers: { 'Content-Type': 'text/html; charset=utf-8', ...apiError.headers },
        body: errorPage(
          apiError,
          request.context.state?.requestId ?? 'unknown',
          request.context.dashboard?.session,
          pageOfAction(request.event.path),
        ),
      };
    },
  };
}
