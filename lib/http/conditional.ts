import type { APIGatewayProxyEvent } from 'aws-lambda';
import { header } from './types';

/** An RFC 3339 timestamp as an HTTP-date (`Last-Modified`), which has whole seconds. */
export function httpDate(iso: string): string {
  return new Date(iso).toUTCString();
}

/**
 * `If-Modified-Since` (RFC 9110 13.1.3): true when the resource has not changed since the given
 * HTTP-date, compared at the header's one-second precision. An unparseable date is ignored.
 */
export function notModifiedSince(event: APIGatewayProxyEvent, lastModifiedIso: string): boolean {
  const since = header(event, 'if-modified-since');
  if (!since) return false;
  const sinceMs = Date.parse(since);
  if (Number.isNaN(sinceMs)) return false;
  return Math.floor(Date.parse(lastModifiedIso) / 1000) * 1000 <= sinceMs;
}
