import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { requestState } from './middleware/request-state';
import { responseHeaders } from './middleware/response-headers';
import { errorEnvelope } from './middleware/error-envelope';
import { toProxyResult } from './api-operation';
import type { ApiContext, ApiResponse, RequestState } from './core/types';

type Handler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

/**
 * A keyless route (OpenAPI, the error reference, status links): request id, error envelope and the
 * common headers, but no key and no per-key rate limit.
 */
export function publicOperation(handle: (event: APIGatewayProxyEvent, state: RequestState) => Promise<ApiResponse>): Handler {
  const core = async (event: APIGatewayProxyEvent, context: ApiContext) => toProxyResult(await handle(event, context.state));
  return middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, ApiContext>(core)
    .use(requestState())
    .use(responseHeaders())
    .use(errorEnvelope()) as unknown as Handler;
}
