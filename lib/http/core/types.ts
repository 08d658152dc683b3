import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { MiddlewareObj, Request } from '@middy/core';
import type { Caller } from '../../auth/caller';

/** What the middlewares learn about a request, in the order they learn it. */
export interface RequestState {
  requestId: string;
  receivedAt: Date;
  sourceIp: string;
  caller?: Caller;
  /** The version the request runs on (spec Versioning 2), echoed as `Service-Version`. */
  version?: string;
  rateLimitHeaders?: Record<string, string>;
  body?: unknown;
  /** The path, query and body as the operation's schemas read them, when read ahead (lib/http/operation.ts). */
  input?: { params: unknown; query: unknown; body: unknown };
  /** The SHA-256 of the presented API key's secret, once presented. */
  presentedKeyHash?: string;
  /** Extra headers a middleware wants on the response (e.g. `Idempotency-Replayed`). */
  responseHeaders: Record<string, string>;
  /** The operation's own read, started beside the key's for the scope the key last had (lib/http/operation.ts). */
  early?: { scope: import('../../scope').Scope; read: Promise<unknown> };
  /** Set by the idempotency middleware when the request carries `Idempotency-Key`. */
  idempotency?: IdempotencyState;
  /** Set by the request-log middleware on the partner API (lib/http/middleware/request-log.ts). */
  requestLog?: RequestLogState;
  /**
   * Writes that follow the answer (the Idempotency-Key's completion, the request log's entry): each
   * started when the answer is known, all awaited together once, at the chain's end, so they cost one
   * round trip between them. Each settles without throwing (a failure is logged there).
   */
  trailingWrites: Promise<unknown>[];
}

/** The request log's hook into an operation's transaction. */
export interface RequestLogState {
  /** Put this request's log entry, with `result` as its answer, into the operation's WriteSet. */
  ride: (ws: import('../../store/write-set').WriteSet, result: APIGatewayProxyResult) => void;
  /** The status of the answer whose entry rode in a transaction. */
  rode?: number;
  /**
   * Called by the key's check with the scope and id the presented key had when this process last
   * authenticated it: a refusal the request's own input already decides goes out as a log entry beside
   * the key's read (lib/http/middleware/request-log.ts).
   */
  foresee?: (seen: { scope: import('../../scope').Scope; keyId: string; secretHash: string }) => void;
  /** The entry written ahead that way, and whether its write held. */
  ahead?: { scope: import('../../scope').Scope; entry: import('../../resources/request-log').RequestLogRecord; written: Promise<boolean> };
}

/** The Idempotency-Key of this request (lib/http/middleware/idempotency.ts). */
export interface IdempotencyState {
  key: string;
  /** The first request's response, when this one is a retry of it: answered without running. */
  replay?: { statusCode: number; headers: Record<string, string>; body: string };
  /** True once the operation put the key's completion into its own transaction. */
  sealed: boolean;
  /**
   * Put the completion of the key (with the response this request will give) into the operation's
   * WriteSet, so that change and replayable response commit together.
   */
  seal: (ws: import('../../store/write-set').WriteSet, result: APIGatewayProxyResult) => void;
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
