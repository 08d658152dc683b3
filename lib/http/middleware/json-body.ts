import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { ApiError } from '../../errors';
import type { ApiContext } from '../core/types';

/** 256 KiB: far above any valid request of this API; a company with every list at its maximum is ~60 KiB. */
export const DEFAULT_MAX_BODY_BYTES = 256 * 1024;

/** Size check (`request_too_large`, 413) and JSON parsing (malformed → `invalid_request`, 400). */
export function jsonBody(options: { maxBytes?: number } = {}): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, ApiContext> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BODY_BYTES;
  return {
    name: 'jsonBody',
    before: (request) => {
      const { body, isBase64Encoded } = request.event;
      if (body == null || body === '') return;
      const raw = isBase64Encoded ? Buffer.from(body, 'base64') : Buffer.from(body, 'utf8');
      if (raw.length > maxBytes) {
        throw new ApiError('request_too_large', `The body is ${raw.length} bytes; this endpoint accepts at most ${maxBytes}.`);
      }
      try {
        request.context.state.body = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new ApiError('invalid_request', 'The body is not valid JSON.', [
          { reason: 'malformed JSON', location: '$', validation_type: 'type', how_to_fix: 'Send a JSON object with `Content-Type: application/json`.' },
        ]);
      }
    },
  };
}
