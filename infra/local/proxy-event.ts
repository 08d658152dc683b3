import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';

/** What the embedded gateway resolved a request to (infra/gateway/resources.ts). */
export interface ProxyTarget {
  /** The request path exactly as sent, still percent-encoded, without the query string. */
  path: string;
  /** The raw query string, without `?`. */
  query: string;
  /** The matched resource's template. */
  resource: string;
  /** Its parameters as sent (API Gateway does not decode them), or null. */
  pathParameters: Record<string, string> | null;
  /** The gateway's request id (`$context.requestId`). */
  requestId: string;
}

/**
 * Turns a Node request into the API Gateway (REST, proxy integration) event that the deployed
 * handler receives for the same route: headers, multi-value query, path parameters, source IP, body.
 * Header and parameter names are the caller's: they are gathered in Maps and become own keys of
 * plain objects (`Object.fromEntries`), as in the JSON event a deployed function parses, so
 * `__proto__` or `constructor` is a name like any other.
 */
export function toProxyEvent(req: IncomingMessage, target: ProxyTarget, body: Buffer): APIGatewayProxyEvent {
  const headers = new Map<string, string>();
  const multiValueHeaders = new Map<string, string[]>();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i];
    const value = req.rawHeaders[i + 1];
    headers.set(name, value);
    multiValueHeaders.set(name, [...(multiValueHeaders.get(name) ?? []), value]);
  }
  const query = new Map<string, string>();
  const multiQuery = new Map<string, string[]>();
  for (const [k, v] of new URLSearchParams(target.query)) {
    query.set(k, v);
    multiQuery.set(k, [...(multiQuery.get(k) ?? []), v]);
  }
  const textual = isTextual(headers);
  const hasQuery = query.size > 0;
  return {
    resource: target.resource,
    path: target.path,
    httpMethod: req.method ?? 'GET',
    headers: Object.fromEntries(headers),
    multiValueHeaders: Object.fromEntries(multiValueHeaders),
    queryStringParameters: hasQuery ? Object.fromEntries(query) : null,
    multiValueQueryStringParameters: hasQuery ? Object.fromEntries(multiQuery) : null,
    pathParameters: target.pathParameters,
    stageVariables: null,
    body: body.length ? (textual ? body.toString('utf8') : body.toString('base64')) : null,
    isBase64Encoded: body.length > 0 && !textual,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      authorizer: null,
      protocol: `HTTP/${req.httpVersion}`,
      httpMethod: req.method ?? 'GET',
      identity: { sourceIp: normaliseIp(req.socket.remoteAddress) } as APIGatewayProxyEvent['requestContext']['identity'],
      path: target.path,
      stage: 'local',
      requestId: target.requestId,
      requestTimeEpoch: Date.now(),
      resourceId: 'local',
      resourcePath: target.resource,
    },
  };
}

/** API Gateway base64-encodes binary bodies (multipart uploads); JSON and forms arrive as text. */
function isTextual(headers: Map<string, string>): boolean {
  const type = [...headers].find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? 'application/json';
  return /^(application\/(json|x-www-form-urlencoded)|text\/)/i.test(type);
}

function normaliseIp(address: string | undefined): string {
  if (!address) return '127.0.0.1';
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}

export function lambdaContext(functionName: string): Context {
  const started = Date.now();
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, 29_000 - (Date.now() - started)),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** A request made in-process (benches and tests calling a handler as Lambda does): what it names. */
export interface KeyedRequest {
  method: string;
  /** The path, with its query string if any (`/v1/events?limit=25`). */
  path: string;
  /** The API key sent as `Authorization: Bearer …`. */
  key: string;
  /** Sent as JSON with its Content-Type when given. */
  body?: unknown;
  headers?: Record<string, string>;
  /** The matched route's template; the path itself when not given. */
  resource?: string;
  pathParameters?: Record<string, string> | null;
}

/** The API Gateway event of a keyed request, as the gateway hands it to the handler, with a fresh request id. */
export function keyedProxyEvent(r: KeyedRequest): APIGatewayProxyEvent {
  const [path, query] = r.path.split('?');
  const params = query ? [...new URLSearchParams(query)] : [];
  const names = [...new Set(params.map(([n]) => n))];
  return {
    resource: r.resource ?? path,
    path,
    httpMethod: r.method,
    headers: { Authorization: `Bearer ${r.key}`, ...(r.body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...r.headers },
    multiValueHeaders: {},
    queryStringParameters: params.length ? Object.fromEntries(params) : null,
    multiValueQueryStringParameters: params.length
      ? Object.fromEntries(names.map((n) => [n, params.filter(([k]) => k === n).map(([, v]) => v)]))
      : null,
    pathParameters: r.pathParameters ?? null,
    stageVariables: null,
    body: r.body === undefined ? null : JSON.stringify(r.body),
    isBase64Encoded: false,
    requestContext: { identity: { sourceIp: '127.0.0.1' }, requestId: randomUUID() } as APIGatewayProxyEvent['requestContext'],
  };
}
