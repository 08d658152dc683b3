import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { CURRENT_VERSION, isKnownVersion } from '../../versioning/versions';
import { header, type ApiContext, type ApiMiddyRequest } from '../core/types';

/**
 * Adds the headers every response carries, successes and errors (304 included): `Request-Id`,
 * `Service-Version` (spec Versioning 3) and the `RateLimit-*` set (spec Limits).
 */
export function responseHeaders(): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, ApiContext> {
  const add = (request: ApiMiddyRequest) => {
    if (!request.response) return;
    const state = request.context.state;
    request.response.headers = {
      ...request.response.headers,
      ...state?.responseHeaders,
      ...state?.rateLimitHeaders,
      'Request-Id': state?.requestId ?? 'unknown',
      'Service-Version': state?.version ?? echoableVersion(request),
    };
  };
  return { name: 'responseHeaders', after: add, onError: add };
}

/** Before the version is resolved (a refused key, say): the requested one if usable, else the current. */
function echoableVersion(request: ApiMiddyRequest): string {
  const asked = header(request.event, 'service-version');
  return asked && isKnownVersion(asked) ? asked : CURRENT_VERSION;
}
