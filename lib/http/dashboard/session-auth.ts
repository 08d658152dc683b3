import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { ApiError } from '../../errors';
import { header } from '../core/types';
import { soleAuthorization } from '../core/authorization-header';
import { csrfMatches, findSession, type DashboardSession } from '../../dashboard/session';
import { areaOfPath, roleMayUse, roleRefused } from '../../dashboard/roles';
import { cookiesOf, SESSION_COOKIE } from './cookies';
import type { DashboardContext, FormFields } from './types';
import { annotateRequest } from '../../observability/tracer';

/** Thrown when no live session is presented: JSON answers 401, pages send the browser to sign-in. */
export class SignInRequired extends ApiError {
  constructor(detail: string) {
    super('api_key_invalid', detail);
  }
}

export const csrfRefused = () =>
  new ApiError('invalid_request', 'The form is missing its CSRF token, or the token is not this session’s.', [
    {
      reason: 'missing or wrong CSRF token',
      location: '$.csrf_token',
      validation_type: 'required',
      how_to_fix:
        'Submit the form from the dashboard page (it carries the token), send X-CSRF-Token, or authenticate a script with Authorization: Bearer <dashboard session token>.',
    },
  ]);

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The session's role must reach the route's part of the dashboard (lib/dashboard/roles.ts): else 403 `insufficient_scope`. */
function checkRole(event: APIGatewayProxyEvent, session: DashboardSession): void {
  const area = areaOfPath(event.resource || event.path);
  if (!roleMayUse(session.role, area)) throw roleRefused(session.role, area);
}

/**
 * Who is calling the dashboard. A script sends `Authorization: Bearer dss_…` (no cookie, so no CSRF is
 * possible and none is asked). A browser sends the session cookie, and every state-changing request
 * must carry the session's CSRF token (form field `csrf_token` or header `X-CSRF-Token`). API keys
 * are refused: they are for the API, and a leaked key must not manage keys.
 */
export function sessionAuth(): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, DashboardContext> {
  return {
    name: 'sessionAuth',
    before: async (request) => {
      const { event, context } = request;
      const authorization = soleAuthorization(event);
      if (authorization !== undefined) {
        const token = /^Bearer\s+(\S+)$/i.exec(authorization.trim())?.[1]; // the scheme is case-insensitive (RFC 9110 §11.1)
        if (token?.startsWith('svc_')) {
          throw new ApiError(
            'api_key_invalid',
            'API keys are not accepted by the dashboard. Sign in, and send the dashboard session token as `Authorization: Bearer dss_…`.',
          );
        }
        const session = token ? await findSession(token, context.state.sourceIp) : undefined;
        if (!session || !token)
          throw new SignInRequired('The dashboard session is unknown or expired. Sign in again (POST /dashboard/api/sign-in).');
        annotateRequest({ partnerId: session.partner_id });
        context.dashboard = { session, token, via: 'bearer', ip: context.state.sourceIp };
        checkRole(event, session);
        return;
      }
      const token = cookiesOf(event)[SESSION_COOKIE];
      const session = token ? await findSession(token, context.state.sourceIp) : undefined;
      if (!session || !token)
        throw new SignInRequired('Sign in to use the dashboard; a session ends after 2 idle hours or 12 hours in all.');
      if (!SAFE_METHODS.has(event.httpMethod.toUpperCase())) {
        const form = context.state.body as FormFields | undefined;
        const fromForm = form && typeof form === 'object' && !Array.isArray(form) ? form.csrf_token : undefined;
        const presented = header(event, 'x-csrf-token') ?? (typeof fromForm === 'string' ? fromForm : undefined);
        if (!csrfMatches(session.csrf_token, presented)) throw csrfRefused();
      }
      annotateRequest({ partnerId: session.partner_id });
      context.dashboard = { session, token, via: 'cookie', ip: context.state.sourceIp };
      checkRole(event, session);
    },
  };
}
