import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { ROUTES } from '../../lib/routes';
import { config } from '../../lib/config';
import { gatewayResources, resolveRequest } from '../gateway/resources';
import {
  GATEWAY_PAYLOAD_LIMIT,
  gatewayEnvelope,
  GATEWAY_RESPONSE_HEADERS,
  gatewayResponse,
  gatewayStatus,
  LAMBDA_PAYLOAD_LIMIT,
  type GatewayResponseType,
} from '../gateway/responses';
import { lambdaContext, toProxyEvent } from './proxy-event';

type Handler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

const ROOT = join(import.meta.dirname, '..', '..');
const RESOURCES = gatewayResources(ROUTES);
const handlers = new Map<string, Promise<Handler>>();

/** Handler modules load on first use, like a Lambda's cold start, and stay loaded. */
function load(file: string): Promise<Handler> {
  let handler = handlers.get(file);
  if (!handler) {
    handler = import(pathToFileURL(join(ROOT, file)).href).then((m: { handler: Handler }) => m.handler);
    handlers.set(file, handler);
  }
  return handler;
}

/** A gateway response (infra/gateway/responses.ts) as the deployed stage answers it: no function ran. */
function gatewayAnswer(type: GatewayResponseType, requestId: string): { status: number; headers: Record<string, string>; body: string } {
  const response = gatewayResponse(type);
  return {
    status: gatewayStatus(response),
    headers: { ...GATEWAY_RESPONSE_HEADERS },
    body: gatewayEnvelope(response, config().docsUrl, requestId),
  };
}

function answer(res: ServerResponse, type: GatewayResponseType, requestId: string): void {
  const { status, headers, body } = gatewayAnswer(type, requestId);
  if (!res.headersSent) res.writeHead(status, headers);
  res.end(body);
}

/** The request target as sent: the path still percent-encoded (API Gateway matches it so), and the query. */
function requestTarget(url: string): { path: string; query: string } | undefined {
  const cut = url.indexOf('?');
  const path = cut < 0 ? url : url.slice(0, cut);
  const query = cut < 0 ? '' : url.slice(cut + 1);
  if (path.startsWith('/')) return { path, query };
  try {
    // The absolute form (`GET http://host/path`) names the same path.
    const parsed = new URL(url);
    return { path: parsed.pathname, query: parsed.search.slice(1) };
  } catch {
    return undefined;
  }
}

/**
 * The embedded API Gateway: the REST API's resource tree (infra/gateway/resources.ts) routes every
 * request to the SAME handler module the CDK stack deploys for its method, or to the fallback
 * handler; what the deployed gateway answers by itself (a body over 10 MB or an event over Lambda's
 * 6 MB, a method nothing answers, a request it cannot read, a crashed function) is answered here with
 * the same gateway responses (infra/gateway/responses.ts).
 */
export function startHttpServer(port: number, host = '127.0.0.1'): Promise<Server> {
  const server = createServer((req, res) => {
    const requestId = randomUUID();
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= GATEWAY_PAYLOAD_LIMIT) chunks.push(chunk);
    });
    req.on('end', async () => {
      try {
        if (size > GATEWAY_PAYLOAD_LIMIT) return answer(res, 'REQUEST_TOO_LARGE', requestId);
        await serve(req, res, Buffer.concat(chunks), requestId);
      } catch (error) {
        console.error('local gateway: handler crashed', error);
        answer(res, 'DEFAULT_5XX', requestId);
      }
    });
  });
  // A request the HTTP parser cannot read (an unknown method token, a malformed request line or
  // header): the gateway refuses it (DEFAULT_4XX) without running anything.
  server.on('clientError', (_error, socket: Duplex) => rawAnswer(socket, 'DEFAULT_4XX'));
  // CONNECT is no method of the API: nothing answers it (MISSING_AUTHENTICATION_TOKEN).
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => rawAnswer(socket, 'MISSING_AUTHENTICATION_TOKEN'));
  // Keep idle sockets longer than any client does (undici: 4 s, browsers: ~60 s), so a client never
  // reuses a socket the server is closing at that instant ("other side closed"), as load balancers do.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

async function serve(req: IncomingMessage, res: ServerResponse, body: Buffer, requestId: string): Promise<void> {
  const method = req.method ?? 'GET';
  const target = requestTarget(req.url ?? '/');
  const resolved = target && resolveRequest(RESOURCES, method, target.path);
  if (!target || !resolved) return answer(res, 'MISSING_AUTHENTICATION_TOKEN', requestId);
  const event = toProxyEvent(req, { ...target, resource: resolved.resource, pathParameters: resolved.pathParameters, requestId }, body);
  if (Buffer.byteLength(JSON.stringify(event)) > LAMBDA_PAYLOAD_LIMIT) return answer(res, 'REQUEST_TOO_LARGE', requestId);
  const { integration } = resolved;
  const file = integration.kind === 'route' ? integration.route.handler : integration.handler;
  const result = await (await load(file))(event, lambdaContext(integration.kind === 'route' ? integration.route.operation : 'fallback'));
  const headers: Record<string, string | string[]> = { ...result.headers } as Record<string, string>;
  for (const [name, values] of Object.entries(result.multiValueHeaders ?? {})) headers[name] = values.map(String);
  res.writeHead(result.statusCode, headers);
  res.end(result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body);
}

/** A gateway response written straight to a socket the HTTP server does not answer itself. */
function rawAnswer(socket: Duplex, type: GatewayResponseType): void {
  if (!socket.writable) return void socket.destroy();
  const { status, body } = gatewayAnswer(type, randomUUID());
  socket.end(
    `HTTP/1.1 ${status} ${status === 404 ? 'Not Found' : 'Bad Request'}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
