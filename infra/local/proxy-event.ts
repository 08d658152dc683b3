import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';

/**
 * Turns a Node request into the API Gateway (REST, proxy integration) event that the deployed
 * handler receives for the same route: headers, multi-value query, path parameters, source IP, body.
 */
export function toProxyEvent(
  req: IncomingMessage,
  url: URL,
  body: Buffer,
  resource: string,
  pathParameters: Record<string, string> | null,
): APIGatewayProxyEvent {
  const headers: Record<string, string> = {};
  const multiValueHeaders: Record<string, string[]> = {};
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i];
    const value = req.rawHeaders[i + 1];
    headers[name] = value;
    (multiValueHeaders[name] ??= []).push(value);
  }
  const query: Record<string, string> = {};
  const multiQuery: Record<string, string[]> = {};
  for (const [k, v] of url.searchParams) {
    query[k] = v;
    (multiQuery[k] ??= []).push(v);
  }
  const textual = isTextual(headers);
  const hasQuery = [...url.searchParams.keys()].length > 0;
  return {
    resource,
    path: url.pathname,
    httpMethod: req.method ?? 'GET',
    headers,
    multiValueHeaders,
    queryStringParameters: hasQuery ? query : null,
    multiValueQueryStringParameters: hasQuery ? multiQuery : null,
    pathParameters,
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
      path: url.pathname,
      stage: 'local',
      requestId: randomUUID(),
      requestTimeEpoch: Date.now(),
      resourceId: 'local',
      resourcePath: resource,
    },
  };
}

/** API Gateway base64-encodes binary bodies (multipart uploads); JSON and forms arrive as text. */
function isTextual(headers: Record<string, string>): boolean {
  const type = Object.entries(headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? 'application/json';
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
