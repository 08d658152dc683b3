import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { FALLBACK_HANDLER, matchRoute, ROUTES } from '../../lib/routes';
import { lambdaContext, toProxyEvent } from './proxy-event';

type Handler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

/** API Gateway REST refuses payloads over 10 MB before any Lambda runs; so do we. */
const GATEWAY_PAYLOAD_LIMIT = 10 * 1024 * 1024;
const ROOT = join(import.meta.dirname, '..', '..');
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

/**
 * The embedded API Gateway: every request becomes the proxy event of its route and goes to the SAME
 * handler module the CDK stack deploys for that route; unmatched requests go to the fallback handler
 * (404/405), as the deployed catch-all does.
 */
export function startHttpServer(port: number, host = '127.0.0.1'): Promise<Server> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= GATEWAY_PAYLOAD_LIMIT) chunks.push(chunk);
    });
    req.on('end', async () => {
      try {
        if (size > GATEWAY_PAYLOAD_LIMIT) {
          res.writeHead(413, { 'Content-Type': 'application/json' }).end(JSON.stringify({ message: 'Request Too Long' }));
          return;
        }
        const url = new URL(req.url ?? '/', `http://${host}`);
        const match = matchRoute(ROUTES, req.method ?? 'GET', url.pathname);
        const event = toProxyEvent(req, url, Buffer.concat(chunks), match?.route.path ?? '/{proxy+}', match?.pathParameters ?? null);
        const file = match?.route.handler ?? FALLBACK_HANDLER;
        const result = await (await load(file))(event, lambdaContext(match?.route.operation ?? 'fallback'));
        const headers: Record<string, string | string[]> = { ...result.headers } as Record<string, string>;
        for (const [name, values] of Object.entries(result.multiValueHeaders ?? {})) headers[name] = values.map(String);
        res.writeHead(result.statusCode, headers);
        res.end(result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body);
      } catch (error) {
        console.error('local gateway: handler crashed', error);
        if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ message: 'Internal server error' }));
      }
    });
  });
  // Keep idle sockets longer than any client does (undici: 4 s, browsers: ~60 s), so a client never
  // reuses a socket the server is closing at that instant ("other side closed"), as load balancers do.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
