import { tracer } from '../observability/tracer';
import { config } from '../config';

/** A local stand-in (DynamoDB Local, the SQS stand-in) checks no signature; any key pair will do. */
const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };

/**
 * How every AWS SDK client of this codebase is made (docs/decisions.md, "The AWS SDK, traced"): the
 * SDK's own client with the settings we chose, at a local stand-in's `endpoint` (the embedded
 * default's DynamoDB Local and SQS stand-in) or at the region's endpoint with the role's credentials
 * (the SDK's default chain: in Lambda, the environment).
 * - `maxAttempts`: the SDK's standard retry mode (throttles, 5xx, timeouts, broken connections, with
 *   its backoff and retry quota); a refusal (a failed condition, a cancelled transaction) is never
 *   retried, nor is a transaction conflict: `lib/store/transient.ts` retries that where a write must
 *   not be lost.
 * - In AWS a connection has 2 s to open, and an attempt waits 5 s for its answer: these calls answer
 *   in milliseconds, and 5 s without a byte means a dead connection, so the attempt is made again. A
 *   stand-in (DynamoDB Local, the SQS stand-in on it) can take seconds to accept a connection and to
 *   answer under a burst on a loaded developer machine, where a timeout would only turn a slow answer
 *   into a write sent twice, or a request answered 500 (a burst of 48 writers on a machine loaded 20
 *   deep saw connections take over 2 s to open): it gets 10 s to connect and 60 s to answer. `throwOnRequestTimeout`: without it the SDK's `requestTimeout` only logs a warning
 *   and the call waits on.
 * - Connections are kept alive (the SDK's handler's own agent: keep-alive, at most 50 sockets).
 */
export function clientConfig(options: { standIn?: string; maxAttempts: number }) {
  return {
    region: config().region,
    ...(options.standIn ? { endpoint: options.standIn, credentials: LOCAL_CREDENTIALS } : {}),
    maxAttempts: options.maxAttempts,
    requestHandler: {
      connectionTimeout: options.standIn ? 10_000 : 2_000,
      requestTimeout: options.standIn ? 60_000 : 5_000,
      throwOnRequestTimeout: true,
    },
  };
}

interface SdkClient {
  middlewareStack: { remove(name: string): boolean };
}

/**
 * A client as every call goes through it: without the SDK's logging middleware, and captured by the
 * tracer (a subsegment per call; the client itself when tracing is off). The SDK's `loggerMiddleware`
 * builds a redacted copy of every request's input and answer even for the no-op logger it has when
 * given none, as here: a walk over every item read or written, for nothing (0.44 ms of CPU per
 * company creation in a profile: docs/decisions.md, "Round trips of a request").
 */
export function prepared<C extends SdkClient>(client: C): C {
  client.middlewareStack.remove('loggerMiddleware');
  return tracer.captureAWSv3Client(client);
}
