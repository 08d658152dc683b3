import middy from '@middy/core';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { ApiContext, Handler, Middleware } from './core/types';
import { errorEnvelope } from './middleware/error-envelope';
import { jsonBody } from './middleware/json-body';
import { requestState } from './middleware/request-state';
import { responseHeaders } from './middleware/response-headers';
import { securityHeaders } from './security-headers';
import { withDeadline } from '../store/deadline';
import { tracer } from '../observability/tracer';
import { withWorkTime, machineMs } from '../clock';

/**
 * The middlewares of a chain by the part they play, each with the partner API's default (the
 * Powertools and middy habit: a factory, defaults, options merged). Every chain runs them in this
 * order: the trace → request id → headers → `record` → errors → `beforeBody` → `body` → `afterBody` →
 * the operation.
 */
export interface ChainOptions<C extends ApiContext = ApiContext> {
  /** The headers every answer carries (default: `Request-Id`, `Service-Version`, `RateLimit-*`). */
  headers?: Middleware<C>;
  /**
   * What is recorded of each answer, success or envelope (the partner API: the request log); runs
   * between the headers and the error envelope, so it sees the envelope of a failure. Default: none.
   */
  record?: Middleware<C>;
  /** How a failure is answered (default: the spec's error envelope). */
  errors?: Middleware<C>;
  /** What must pass before the body is read: the partner API authenticates the key and settles the version first. */
  beforeBody?: Middleware<C>[];
  /** How the body is read (default: JSON up to 256 KiB); false: the chain reads none. */
  body?: Middleware<C> | false;
  /** What needs the body: the dashboard's session (its CSRF token comes in the form), `Idempotency-Key` (the body is part of the fingerprint). */
  afterBody?: Middleware<C>[];
  /**
   * Whether the operation's writes retry and wait under contention only until the Lambda's remaining
   * time less a margin for answering (lib/store/deadline.ts), so the answer goes out in time (default:
   * no; the partner API's chain sets it).
   */
  deadline?: boolean;
}

/** API Gateway's integration limit, for a caller that passes no Lambda context. */
const API_GATEWAY_LIMIT_MS = 29_000;
/** Kept back from the Lambda's remaining time for whatever follows the operation (the answer's writes, headers, the answer). */
const ANSWER_MARGIN_MS = 3_000;

/** THE chain builder: every handler of the system is an operation wrapped by this. */
export function httpHandler<C extends ApiContext>(
  operation: (event: APIGatewayProxyEvent, context: C) => Promise<APIGatewayProxyResult>,
  options: ChainOptions<C> = {},
): Handler {
  const chain = middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, C>(operation);
  const body = options.body === false ? [] : [options.body ?? jsonBody()];
  for (const middleware of [
    // The handler's subsegment, which the annotations go on (X-Ray takes none on Lambda's own segment);
    // never the answer as metadata: it holds people's names (lib/observability/tracer.ts).
    captureLambdaHandler(tracer, { captureResponse: false }),
    // Used first, so its `after` runs last: it sees every answer, an error's envelope included.
    securityHeaders(),
    requestState(),
    options.headers ?? responseHeaders(),
    ...(options.record ? [options.record] : []),
    options.errors ?? errorEnvelope(),
    ...(options.beforeBody ?? []),
    ...body,
    ...(options.afterBody ?? []),
  ]) {
    chain.use(middleware as Middleware<C>);
  }
  // middy's handler type carries its own context and callback; Lambda and the local gateway call it as a plain Handler.
  const chained = chain as unknown as Handler;
  // Each request is one unit of work whose clock its key decides (a test key: its sandbox clock; lib/clock.ts).
  const handler: Handler = (event, context) => withWorkTime(() => chained(event, context));
  if (!options.deadline) return handler;
  return (event, context) =>
    withDeadline(machineMs() + (context?.getRemainingTimeInMillis?.() ?? API_GATEWAY_LIMIT_MS) - ANSWER_MARGIN_MS, () =>
      handler(event, context),
    );
}
