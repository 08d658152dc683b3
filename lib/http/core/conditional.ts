import type { APIGatewayProxyEvent } from 'aws-lambda';
import { header } from './types';
import { now } from '../../clock';

/** An RFC 3339 timestamp as an HTTP-date (`Last-Modified`), which has whole seconds. */
export function httpDate(iso: string): string {
  return new Date(iso).toUTCString();
}

/**
 * `If-Modified-Since` (RFC 9110 13.1.3): true when the resource has not changed since the given
 * HTTP-date, compared at the header's one-second precision.
 */
export function notModifiedSince(event: APIGatewayProxyEvent, lastModifiedIso: string): boolean {
  const since = header(event, 'if-modified-since');
  if (!since) return false;
  const sinceMs = Date.parse(since);
  // RFC 9110: an invalid date, or one later than the server's current time, is ignored.
  if (Number.isNaN(sinceMs) || sinceMs > now().getTime()) return false;
  return Math.floor(Date.parse(lastModifiedIso) / 1000) * 1000 <= sinceMs;
}
