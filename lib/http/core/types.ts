import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { MiddlewareObj, Request } from '@middy/core';
import type { Caller } from '../../auth/caller';

/**
 * What the chain learns about a request. Each field is written by one part of the chain, named beside
 * it; a later part reads it; no part calls into another.
 */
export interface RequestState {
  /** The request state (lib/http/middleware/request-state.ts): our request id, the `Request-Id` header. */
  requestId: string;
  /** The request state: when the request arrived (the clock of every decision it makes). */
  receivedAt: Date;
  /** The request state: the caller's address. */
  sourceIp: string;
  /** The request state: extra headers for the response; any part may add one (e.g. `Idempotent-Replayed`). */
  responseHeaders: Record<string, string>;
  /**
   * The key's clock (lib/http/middleware/sandbox-clock.ts): a test key's sandbox clock as read for this
   * request (null: never moved), what its time is taken from (lib/clock.ts); absent for a live key.
   */
  sandboxClock?: import('../../store/entities/sandbox-clock').SandboxClockRecord | null;
  /**
   * The request state: writes that follow the answer (the Idempotency-Key's completion, the request
   * log's entry), each started by its part when the answer is known, all awaited once at the chain's
   * end, so they cost one round trip between them. Each settles without throwing (a failure is logged).
   */
  trailingWrites: Promise<unknown>[];
  /**
   * The key's authentication (lib/http/middleware/api-key-auth.ts): the presented key's record, and
   * the reads started beside it that the key's later parts await: its rate count, a test key's clock.
   */
  keyCheck?: {
    key: import('../../auth/api-key').ApiKeyRecord;
    count: Promise<import('../../rate-limit/count-request').WindowCount>;
    clock?: {
      scope: import('../../scope').Scope;
      read: Promise<import('../../store/entities/sandbox-clock').SandboxClockRecord | undefined>;
    };
  };
  /** The key's scope (lib/http/middleware/api-key-scope.ts): who is calling. */
  caller?: Caller;
  /** The key's rate limit (api-key-rate-limit.ts), or the count by address of a request refused before a key is known (api-key-auth.ts). */
  rateLimitHeaders?: Record<string, string>;
  /**
   * The key's authentication: the operation's prefetched read (lib/http/operation.ts), started beside the key's
   * read for the scope this process last saw the key in; the operation uses it only for that scope.
   */
  prefetch?: { scope: import('../../scope').Scope; read: Promise<unknown> };
  /** The version (lib/http/middleware/api-version.ts): what the request runs on, echoed as `Service-Version`. */
  version?: string;
  /** The body (lib/http/middleware/json-body.ts, raw-body.ts): the body as read. */
  body?: unknown;
  /** The Idempotency-Key (lib/http/middleware/idempotency.ts), when the request carries one. */
  idempotency?: IdempotencyState;
  /**
   * The operation (lib/http/operation-core.ts): the status of the answer it committed in its own
   * transaction, with the Idempotency-Key's completion and the request log's entry in it
   * (lib/http/answer-in-transaction.ts); neither is written again after the answer.
   */
  answerCommitted?: number;
}

/** The Idempotency-Key of this request (lib/http/middleware/idempotency.ts). */
export interface IdempotencyState {
  key: string;
  /** The first request's response, when this one is a retry of it: answered without running. */
  replay?: { statusCode: number; headers: Record<string, string>; body: string };
}

export type ApiContext = Context & { state: RequestState };
export type ApiMiddyRequest = Request<APIGatewayProxyEvent, APIGatewayProxyResult, Error, ApiContext>;

/** One middleware of a chain (lib/http/middleware/, lib/http/dashboard/): a middy middleware object. */
export type Middleware<C extends ApiContext = ApiContext> = MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, C>;

/** Every handler of the system: an API Gateway proxy event in, a proxy result out. */
export type Handler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

/** What an operation returns; the chain turns it into the Lambda proxy result (lib/http/core/proxy-result.ts). */
export interface ApiResponse {
  status: number;
  /** Serialised as JSON. */
  body?: unknown;
  /** Sent as is (an HTML page); set `Content-Type` in `headers`. */
  text?: string;
  /** Sent as bytes (a file's content); set `Content-Type` in `headers`. */
  bytes?: Buffer;
  headers?: Record<string, string>;
  /** `Set-Cookie` values (dashboard pages), any number. */
  cookies?: string[];
}

/** Headers are case-insensitive; API Gateway passes them as sent. */
export function header(event: APIGatewayProxyEvent, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [k, v] of Object.entries(event.headers ?? {})) if (k.toLowerCase() === wanted && v != null) return v;
  return undefined;
}
