import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { newId } from '../../ids';
import { now } from '../../clock';
import { logger } from '../../observability/logger';
import { annotateRequest } from '../../observability/tracer';
import type { ApiContext, ApiMiddyRequest } from '../core/types';

/** Last of every answer: the writes that follow it, started by the middlewares, awaited together. */
async function settleTrailingWrites(request: ApiMiddyRequest): Promise<void> {
  const pending = request.context.state?.trailingWrites;
  if (pending?.length) await Promise.allSettled(pending.splice(0));
}

/**
 * First in every chain: the request id (also the `Request-Id` header and the envelope's `request_id`)
 * and API Gateway's request id, both on every log line;
 * last, the trailing writes of the answer (`state.trailingWrites`).
 */
export function requestState(): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, ApiContext> {
  return {
    name: 'requestState',
    before: (request) => {
      const { requestContext } = request.event;
      request.context.state = {
        requestId: newId('request'),
        receivedAt: now(),
        sourceIp: requestContext?.identity?.sourceIp ?? '0.0.0.0',
        responseHeaders: {},
        trailingWrites: [],
      };
      // Ours (the `Request-Id` a partner quotes) and API Gateway's (`requestId` in the access log), on
      // every line the function logs for this request: one joins the access log to these lines.
      logger.appendKeys({ request_id: request.context.state.requestId, apigw_request_id: requestContext?.requestId });
      // The route as API Gateway matched it (its template, never the path with its ids).
      annotateRequest({ route: `${request.event.httpMethod} ${request.event.resource ?? ''}`, requestId: request.context.state.requestId });
    },
    after: settleTrailingWrites,
    onError: settleTrailingWrites,
  };
}
