import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { ApiError } from '../../errors';
import { header } from '../core/types';
import { keyedBag } from '../../caller-keys';
import type { DashboardContext, FormFields } from './types';

/** Forms are small; 64 KiB is far above any dashboard form. */
const MAX_FORM_BYTES = 64 * 1024;

/** Field names are the caller's: the fields go into an object without a prototype (lib/caller-keys.ts). */
export function parseForm(raw: string): FormFields {
  const out = keyedBag<string | string[]>();
  for (const [name, value] of new URLSearchParams(raw)) {
    const had = out[name];
    out[name] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value];
  }
  return out;
}

/** A page's POST body: `application/x-www-form-urlencoded` into `state.body` as FormFields. */
export function formBody(): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, DashboardContext> {
  return {
    name: 'formBody',
    before: (request) => {
      const { body, isBase64Encoded } = request.event;
      if (body == null || body === '') return;
      const raw = isBase64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body;
      if (raw.length > MAX_FORM_BYTES)
        throw new ApiError('request_too_large', `The form is ${raw.length} bytes; at most ${MAX_FORM_BYTES} are accepted.`);
      const type = header(request.event, 'content-type') ?? '';
      if (!/^application\/x-www-form-urlencoded/i.test(type)) {
        throw new ApiError('invalid_request', 'Pages accept form posts only.', [
          {
            reason: 'unsupported content type',
            location: '$',
            validation_type: 'type',
            how_to_fix: 'Submit the form of the page, or use the JSON face under /dashboard/api.',
          },
        ]);
      }
      request.context.state.body = parseForm(raw);
    },
  };
}
