import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type * as z from 'zod';
import { ApiError, exampleBody } from '../../errors';
import type { ApiContext } from '../core/types';
import { unprintableText } from '../../input/unprintable-text';

/** 256 KiB: far above any valid request of this API; a company with every list at its maximum is ~60 KiB. */
export const DEFAULT_MAX_BODY_BYTES = 256 * 1024;

/**
 * Deepest nesting of objects and arrays a JSON body may have (docs/decisions.md, "Hostile input at the
 * edges"). The deepest valid request is a metadata value (5 levels) inside `metadata` inside a body:
 * 8 levels; 32 leaves room and keeps every recursive step after parsing (validation, the idempotency
 * fingerprint, serialising) shallow.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether JSON text nests objects and arrays deeper than `max`, read in one pass over the raw text,
 * without recursion: brackets inside strings do not count. Run before `JSON.parse`, so no recursive
 * work ever sees a deeper body. Malformed text is left to the parser.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/**
 * Size check (`request_too_large`, 413), nesting check, JSON parsing and text a request never carries
 * (too deep, malformed, or control and text-direction characters outside `metadata` →
 * `invalid_request`, 400): the body as parsed, or undefined when there is none. Malformed JSON is
 * shown a valid body of `schema`, the operation's own, when it has one.
 */
export function parseJsonBody(
  event: Pick<APIGatewayProxyEvent, 'body' | 'isBase64Encoded'>,
  maxBytes = DEFAULT_MAX_BODY_BYTES,
  schema?: z.ZodType,
): unknown {
  const { body, isBase64Encoded } = event;
  if (body == null || body === '') return undefined;
  const raw = isBase64Encoded ? Buffer.from(body, 'base64') : Buffer.from(body, 'utf8');
  if (raw.length > maxBytes) {
    throw new ApiError('request_too_large', `The body is ${raw.length} bytes; this endpoint accepts at most ${maxBytes}.`);
  }
  const text = raw.toString('utf8');
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
    throw new ApiError('invalid_request', `The body nests objects and arrays deeper than ${MAX_JSON_DEPTH} levels.`, [
      {
        reason: `nests deeper than ${MAX_JSON_DEPTH} levels`,
        location: '$',
        validation_type: 'maxDepth',
        how_to_fix: `Send JSON with at most ${MAX_JSON_DEPTH} levels of nested objects and arrays (a metadata value may nest 5); flatten deeper data or send it as a string.`,
      },
    ]);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError('invalid_request', 'The body is not valid JSON.', [
      {
        reason: 'malformed JSON',
        location: '$',
        validation_type: 'type',
        how_to_fix: `Send a JSON object with \`Content-Type: application/json\`${suchAs(exampleBody(schema))}; check quotes and commas (keys and strings in double quotes, no trailing comma).`,
      },
    ]);
  }
  const unprintable = unprintableText(parsed);
  if (unprintable.length) {
    throw new ApiError(
      'invalid_request',
      `The body is invalid: ${unprintable.map((e) => `${e.location} ${e.reason}`).join('; ')}`,
      unprintable,
    );
  }
  return parsed;
}

const suchAs = (example: unknown) => (example === undefined ? '' : `, such as ${JSON.stringify(example)}`);

/** The body middleware of JSON operations: `parseJsonBody` into the request's state. */
export function jsonBody(
  options: { maxBytes?: number; schema?: z.ZodType } = {},
): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, ApiContext> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BODY_BYTES;
  return {
    name: 'jsonBody',
    before: (request) => {
      const body = parseJsonBody(request.event, maxBytes, options.schema);
      if (body !== undefined) request.context.state.body = body;
    },
  };
}
