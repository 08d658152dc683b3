import { type Agent, Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { setTimeout as sleep } from 'node:timers/promises';
import { type AwsCredentials, signRequest } from './sigv4';

/**
 * One call of an AWS JSON protocol (awsJson1_0 / awsJson1_1: a signed POST to `/` naming its operation
 * in `x-amz-target`), over Node's own http/https with keep-alive. What the generated SDK clients gave
 * that is kept (docs/decisions.md, "AWS clients of our own"):
 * - a connection timeout and a request timeout on every attempt;
 * - the SDK's standard retry mode: up to `maxAttempts` attempts for throttles, 5xx, timeouts and
 *   broken connections, with full-jitter exponential backoff; never for a refusal such as a failed
 *   condition; and its retry quota (`RetryQuota`), so that when most calls fail, they stop retrying;
 * - an error shaped as the SDK shapes it: `name` is the service's code, `message` its message, the
 *   answer's other fields (a transaction's `CancellationReasons`) on the error itself, and `$metadata`
 *   with the HTTP status and the number of attempts;
 * - no redirect is ever followed (a 3xx is an error).
 */
export interface JsonEndpoint {
  /** `https://dynamodb.us-east-1.amazonaws.com`, or a local stand-in's `http://127.0.0.1:8000`. */
  url: URL;
  region: string;
  /** The signing name (`dynamodb`). */
  service: string;
  /** `DynamoDB_20120810`: the target's prefix. */
  targetPrefix: string;
  contentType: 'application/x-amz-json-1.0' | 'application/x-amz-json-1.1';
  credentials: () => Promise<AwsCredentials> | AwsCredentials;
  maxAttempts: number;
  connectionTimeoutMs: number;
  requestTimeoutMs: number;
  /** The client's own pool of kept-alive connections (`keepAliveAgent`): destroying one client closes only its own. */
  agent: Agent;
  /** The client's own retry quota. */
  retryQuota: RetryQuota;
}

/**
 * The SDK's retry quota (its standard mode's token bucket): a retry takes 5 tokens (10 after a
 * timeout) of 500, and a call that succeeds gives back what its last retry took, or 1 token if it
 * needed none. While the bucket is empty nothing is retried: in an outage, calls fail at once instead
 * of tripling the load on a service that is already failing, and retries resume as calls succeed.
 */
export class RetryQuota {
  private available: number;
  constructor(private readonly capacity = 500) {
    this.available = capacity;
  }

  /** The tokens one more attempt takes, or undefined when the quota is spent. */
  take(afterTimeout: boolean): number | undefined {
    const cost = afterTimeout ? 10 : 5;
    if (cost > this.available) return undefined;
    this.available -= cost;
    return cost;
  }

  /** A call succeeded: `lastTaken` is what its last retry took (0 when it needed none). */
  succeeded(lastTaken: number): void {
    this.available = Math.min(this.capacity, this.available + (lastTaken || 1));
  }
}

/** What the SDK puts on every answer and every error: the HTTP status, AWS's request id and how many attempts it took. */
export interface CallMetadata {
  httpStatusCode?: number;
  requestId?: string;
  attempts: number;
  totalRetryDelay: number;
}

/** An AWS call that did not succeed, shaped as the SDK's service exceptions are. */
export class AwsServiceError extends Error {
  [field: string]: unknown;
  readonly $fault: 'client' | 'server';
  readonly $metadata: CallMetadata;
  constructor(name: string, message: string, status: number | undefined, fields: Record<string, unknown> = {}) {
    super(message);
    this.name = name;
    for (const [k, v] of Object.entries(fields)) if (k !== '__type' && k !== 'message' && k !== 'Message') this[k] = v;
    this.$fault = status !== undefined && status < 500 ? 'client' : 'server';
    this.$metadata = { httpStatusCode: status, attempts: 1, totalRetryDelay: 0 };
  }
}

/** The SDK's throttling codes (its standard retry strategy) that DynamoDB, SQS or KMS can answer. */
const THROTTLES = new Set([
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'ThrottlingException',
  'Throttling',
  'TooManyRequestsException',
  'TransactionInProgressException',
  'LimitExceededException',
  'RequestThrottled',
]);
/** Broken or refused connections, and our own timeouts: the request may not have arrived, so it is sent again. */
const NETWORK_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EAI_AGAIN', 'ECONNABORTED']);
const BASE_DELAY_MS = 100;
const MAX_DELAY_MS = 20_000;

/** True when another attempt of the same call can succeed: what the SDK's standard mode retries. */
export function worthRetrying(error: unknown): boolean {
  const e = error as { name?: string; code?: string; $metadata?: CallMetadata } | undefined;
  if (!e) return false;
  if (e.name === 'TimeoutError' || (e.code && NETWORK_CODES.has(e.code))) return true;
  if (e.name && THROTTLES.has(e.name)) return true;
  const status = e.$metadata?.httpStatusCode;
  return status === 429 || status === 500 || status === 502 || status === 503 || status === 504;
}

/** A pool of kept-alive connections to `url`'s scheme, of at most 50 at once (the SDK's own default). */
export function keepAliveAgent(url: URL): Agent {
  const options = { keepAlive: true, maxSockets: 50 };
  return url.protocol === 'https:' ? new HttpsAgent(options) : new HttpAgent(options);
}

/** Calls `operation` with `input` and returns the parsed answer, or throws an `AwsServiceError` (or a network error) after the retries above. */
export async function callJson(
  endpoint: JsonEndpoint,
  operation: string,
  input: unknown,
): Promise<{ output: Record<string, unknown>; $metadata: CallMetadata }> {
  const body = JSON.stringify(input);
  let totalRetryDelay = 0;
  let lastTaken = 0;
  for (let attempt = 1; ; attempt++) {
    try {
      const headers = signRequest(
        {
          method: 'POST',
          host: endpoint.url.host,
          path: '/',
          headers: { 'content-type': endpoint.contentType, 'x-amz-target': `${endpoint.targetPrefix}.${operation}` },
          body,
        },
        { region: endpoint.region, service: endpoint.service },
        await endpoint.credentials(),
      );
      const answer = await post(endpoint, headers, body);
      const $metadata: CallMetadata = { httpStatusCode: answer.status, requestId: answer.requestId, attempts: attempt, totalRetryDelay };
      if (answer.status >= 200 && answer.status < 300) {
        endpoint.retryQuota.succeeded(lastTaken);
        return { output: parse(answer.text), $metadata };
      }
      throw Object.assign(serviceError(answer.status, answer.text), { $metadata });
    } catch (error) {
      const e = error as { $metadata?: CallMetadata; name?: string };
      const taken =
        attempt < endpoint.maxAttempts && worthRetrying(error) ? endpoint.retryQuota.take(e?.name === 'TimeoutError') : undefined;
      if (taken === undefined) {
        if (e && typeof e === 'object')
          e.$metadata = { ...(e.$metadata ?? { httpStatusCode: undefined }), attempts: attempt, totalRetryDelay };
        throw error;
      }
      lastTaken = taken;
      const delay = Math.floor(Math.random() * Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt));
      totalRetryDelay += delay;
      await sleep(delay);
    }
  }
}

function parse(text: string): Record<string, unknown> {
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/** The error an answer names (`__type` is `namespace#Code`, sometimes with a `:` suffix), with the answer's fields on it. */
function serviceError(status: number, text: string): AwsServiceError {
  let fields: Record<string, unknown> = {};
  try {
    fields = parse(text);
  } catch {
    // not JSON (a proxy's page): the status alone says what happened
  }
  const type = String(fields.__type ?? fields.code ?? '');
  const name =
    type.split('#').pop()?.split(':')[0] ||
    (status >= 500 ? 'InternalServerError' : status >= 300 && status < 400 ? 'UnexpectedRedirect' : 'UnknownError');
  const message = String(fields.message ?? fields.Message ?? `answered ${status}`);
  return new AwsServiceError(name, message, status, fields);
}

function post(
  endpoint: JsonEndpoint,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; text: string; requestId?: string }> {
  const secure = endpoint.url.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const req = (secure ? httpsRequest : httpRequest)(
      {
        protocol: endpoint.url.protocol,
        hostname: endpoint.url.hostname,
        port: endpoint.url.port || undefined,
        method: 'POST',
        path: '/',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        agent: endpoint.agent,
      },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
            requestId: String(res.headers['x-amzn-requestid'] ?? '') || undefined,
          }),
        );
      },
    );
    const timeout = (what: string, ms: number) => req.destroy(Object.assign(new Error(`${what} after ${ms} ms`), { name: 'TimeoutError' }));
    req.on('socket', (socket) => {
      if (!socket.connecting) return;
      const timer = setTimeout(() => timeout('No connection', endpoint.connectionTimeoutMs), endpoint.connectionTimeoutMs);
      socket.once('connect', () => clearTimeout(timer));
      socket.once('close', () => clearTimeout(timer));
    });
    req.setTimeout(endpoint.requestTimeoutMs, () => timeout('No answer', endpoint.requestTimeoutMs));
    req.on('error', reject);
    req.end(body);
  });
}
