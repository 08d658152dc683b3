import middy from '@middy/core';
import { Tracer } from '@aws-lambda-powertools/tracer';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import { SERVICE_NAME } from './metric-names';

/**
 * The one X-Ray tracer of the process (Powertools Tracer). Every AWS SDK client is made through it
 * (lib/aws/client-config.ts), so a trace shows each DynamoDB, SQS, KMS, S3 and SES call with its
 * latency; each handler's trace carries the annotations on-call searches by (`annotateRequest`).
 *
 * Tracing is on only in Lambda with active tracing (the tracer reads `AWS_EXECUTION_ENV`); the
 * embedded default and the tests have no X-Ray daemon, so the tracer leaves every client as it is
 * and every call here returns at once. `POWERTOOLS_TRACE_ENABLED=false` turns it off in Lambda too.
 *
 * Two defaults are changed, on purpose:
 * - HTTP(S) requests are not captured globally: the X-Ray SDK's patch of `http`/`https` adds an
 *   `X-Amzn-Trace-Id` header to every request, a webhook delivery to a partner's server included.
 *   The delivery's call is traced by a subsegment of its own instead (`traceCallOut`).
 * - Neither a handler's answer nor a method's is recorded as metadata: answers hold people's names
 *   and addresses, and a trace never carries a person's data.
 */
export const tracer = new Tracer({ serviceName: SERVICE_NAME, captureHTTPsRequests: false });

/** What a trace of one request is searched by (X-Ray annotations): never a person's data. */
export interface RequestAnnotations {
  /** The operation's route, as the route table names it (`GET /v1/companies/{id}`). */
  route?: string;
  /** Our request id (`req_…`), the one the answer's `Request-Id` header carries. */
  requestId?: string;
  /** The partner the key belongs to (`acct_…`/`ptn_…`): an id, not a name. */
  partnerId?: string;
}

/** Puts `annotations` on the current (handler) subsegment; nothing when tracing is off. */
export function annotateRequest(annotations: RequestAnnotations): void {
  if (!tracer.isTracingEnabled()) return;
  if (annotations.route) tracer.putAnnotation('route', annotations.route);
  if (annotations.requestId) tracer.putAnnotation('request_id', annotations.requestId);
  if (annotations.partnerId) tracer.putAnnotation('partner_id', annotations.partnerId);
}

/**
 * Runs `call`, a request to a server outside AWS (a partner's webhook endpoint), inside a subsegment
 * named after its host: the signer's trace shows the endpoint's own latency beside our DynamoDB and
 * SQS calls. `describe` reads the outcome (the HTTP status, or the failure's class) onto it.
 */
export async function traceCallOut<T>(
  url: URL,
  call: () => Promise<T>,
  describe: (outcome: T) => { status?: number; failure?: string },
): Promise<T> {
  const parent = tracer.isTracingEnabled() ? tracer.getSegment() : undefined;
  if (!parent) return call();
  const subsegment = parent.addNewSubsegment(url.host);
  subsegment.namespace = 'remote';
  tracer.setSegment(subsegment);
  try {
    const outcome = await call();
    const { status, failure } = describe(outcome);
    subsegment.addAttribute('http', { request: { method: 'POST', url: `${url.protocol}//${url.host}` }, response: { status } });
    if (failure) subsegment.addAnnotation('failure', failure);
    if (status && status >= 500) subsegment.addFaultFlag();
    else if (status && status >= 400) subsegment.addErrorFlag();
    else if (failure) subsegment.addFaultFlag();
    return outcome;
  } catch (error) {
    subsegment.addError(error as Error, true);
    throw error;
  } finally {
    subsegment.close();
    tracer.setSegment(parent);
  }
}

/**
 * A function's handler with its own subsegment (`## <handler>`, annotated with the cold start), as
 * every HTTP chain has (lib/http/handler.ts): for the handlers that are no HTTP chain (the webhook
 * fan-out and signer, the sequencer's backstop, the scheduled jobs). The answer is not recorded.
 */
export function tracedHandler<F extends (event: never, context?: never) => Promise<unknown>>(handler: F): F {
  const traced = middy(handler as unknown as (event: unknown, context: unknown) => Promise<unknown>).use(
    captureLambdaHandler(tracer, { captureResponse: false }),
  );
  return ((event?: unknown, context?: unknown) => traced(event, context as never)) as unknown as F;
}
