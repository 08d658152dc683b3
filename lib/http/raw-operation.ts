import { createHash } from 'node:crypto';
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { z } from 'zod';
import type { ScopeName } from '../auth/scopes';
import { requestState } from './middleware/request-state';
import { responseHeaders } from './middleware/response-headers';
import { errorEnvelope } from './middleware/error-envelope';
import { apiKeyAuth } from './middleware/api-key-auth';
import { apiVersion } from './middleware/api-version';
import { idempotency } from './middleware/idempotency';
import { parseOrRefuse } from '../errors';
import { noQuery } from '../input';
import { queryOf } from './core/query';
import type { ApiContext } from './core/types';
import type { Caller } from '../auth/caller';

type Handler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

/**
 * The partner chain of lib/http/api-operation.ts (request id → key, rate limit, scope → version →
 * Idempotency-Key → error envelope and common headers) for the two file operations whose bodies are
 * not JSON: a multipart upload in, raw bytes out. The idempotency fingerprint of a multipart request
 * is the SHA-256 of its raw body.
 */
export function rawOperation<P extends z.ZodType>(def: {
  scope: ScopeName;
  params?: P;
  idempotent?: boolean;
  handle: (request: { caller: Caller; params: z.output<P>; event: APIGatewayProxyEvent }) => Promise<APIGatewayProxyResult>;
}): Handler {
  const core = async (event: APIGatewayProxyEvent, context: ApiContext): Promise<APIGatewayProxyResult> => {
    const replay = context.state.idempotency?.replay;
    if (replay) return { ...replay, headers: { ...replay.headers } };
    const params = def.params ? parseOrRefuse(def.params, event.pathParameters ?? {}, 'path') : ({} as z.output<P>);
    parseOrRefuse(noQuery, queryOf(event), 'query string');
    return def.handle({ caller: context.state.caller!, params, event });
  };
  const chain = middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, ApiContext>(core)
    .use(requestState())
    .use(responseHeaders())
    .use(errorEnvelope())
    .use(apiKeyAuth({ scope: def.scope }))
    .use(apiVersion())
    .use({
      before: (request) => {
        const raw = request.event.body ?? '';
        request.context.state.body = { raw_sha256: createHash('sha256').update(raw).digest('hex') };
      },
    });
  if (def.idempotent) chain.use(idempotency());
  return chain as unknown as Handler;
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): APIGatewayProxyResult {
  return { statusCode: status, headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) };
}
