import { randomBytes } from 'node:crypto';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { csrfMatches } from '../../dashboard/session';
import { cookiesOf, setCookie, SIGN_IN_COOKIE } from './cookies';
import { ApiError } from '../../errors';

/** The sign-in forms' CSRF protection before any session exists: a double-submitted random cookie. */
const SIGN_IN_COOKIE_SECONDS = 30 * 60;

export function signInToken(event: APIGatewayProxyEvent): { token: string; setCookie: string } {
  const token = cookiesOf(event)[SIGN_IN_COOKIE] || randomBytes(24).toString('base64url');
  return { token, setCookie: setCookie(SIGN_IN_COOKIE, token, SIGN_IN_COOKIE_SECONDS) };
}

/** A sign-in form must come back with the token of this browser's cookie (no login CSRF). */
export function checkSignInForm(event: APIGatewayProxyEvent, presented: string | undefined): string {
  const token = cookiesOf(event)[SIGN_IN_COOKIE];
  if (!token || !csrfMatches(token, presented)) {
    throw new ApiError(
      'invalid_request',
      'This sign-in form expired or did not come from this browser. Open the sign-in page and start again.',
      [
        {
          reason: 'missing or wrong CSRF token',
          location: '$.csrf_token',
          validation_type: 'required',
          how_to_fix: 'Start again from /dashboard/sign-in with cookies enabled.',
        },
      ],
    );
  }
  return token;
}
