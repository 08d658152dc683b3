import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { newId } from '../../ids';
import { now } from '../../clock';
import { logger } from '../../observability/logger';
import type { ApiContext } from '../core/types';

/** First in every chain: the request id (also the `Request-Id` header and the envelope's `request_id`). */
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
      };
      logger.appendKeys({ request_id: request.context.state.requestId });
    },
  };
}
