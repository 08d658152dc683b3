import type { APIGatewayProxyEvent } from 'aws-lambda';
import { isLocal } from '../../config';
import { header } from '../core/types';
import { keyedBag } from '../../caller-keys';

/** The session cookie, and the short-lived cookie that ties the sign-in forms to one browser. */
export const SESSION_COOKIE = 'dash_session';
export const SIGN_IN_COOKIE = 'dash_signin';
/** A browser that signed in before: it still gets codes while its address is locked (lib/dashboard/sign-in.ts). */
export const DEVICE_COOKIE = 'dash_device';

/**
 * The request's cookies by name, in an object without a prototype (names are the caller's). A value
 * that is not valid percent-encoding is kept as sent: no cookie of ours has one, so it names nothing.
 */
export function cookiesOf(event: APIGatewayProxyEvent): Record<string, string> {
  const out = keyedBag<string>();
  for (const part of (header(event, 'cookie') ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0) out[part.slice(0, i).trim()] = decodedOrAsSent(part.slice(i + 1).trim());
  }
  return out;
}

function decodedOrAsSent(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** HttpOnly (no script reads it), SameSite=Strict (no other site sends it), Secure outside the embedded default. */
export function setCookie(name: string, value: string, maxAgeSeconds: number): string {
  return [
    `${name}=${encodeURIComponent(value)}`,
    'Path=/dashboard',
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(isLocal() ? [] : ['Secure']),
  ].join('; ');
}

export function clearCookie(name: string): string {
  return setCookie(name, '', 0);
}
