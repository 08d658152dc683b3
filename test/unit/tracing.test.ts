import { createSocket, type Socket } from 'node:dgram';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Tracing (lib/observability/tracer.ts, lib/aws/client-config.ts): off wherever there is no Lambda
 * (the tests, the embedded default), so clients are left as they are; on in Lambda, where every SDK
 * call is a subsegment, each handler's subsegment carries the route, the request id and the partner,
 * and a webhook's POST is a subsegment named after the endpoint's host. "In Lambda" is made here as
 * Lambda makes it (its environment, a trace header), and the segments are read where Lambda's X-Ray
 * daemon would read them: from UDP.
 */

describe('tracing off (no Lambda: the tests, the embedded default)', () => {
  it('leaves every client as it is and records nothing', async () => {
    const { tracer, annotateRequest } = await import('../../lib/observability/tracer');
    const { storeClient } = await import('../../lib/store/dynamodb');
    expect(tracer.isTracingEnabled()).toBe(false);
    const client = storeClient({ standIn: 'http://127.0.0.1:9' });
    const names = client.middlewareStack.identify().join(' ');
    expect(names).not.toMatch(/XRay/i);
    expect(names).not.toMatch(/loggerMiddleware/);
    expect(() => annotateRequest({ route: 'GET /v1/me', requestId: 'req_x', partnerId: 'ptn_x' })).not.toThrow();
    client.destroy();
  });
});

describe('tracing on (in Lambda, with active tracing)', () => {
  const env = { ...process.env };
  let daemon: Socket;
  let stand: Server;
  let standUrl: string;
  const segments: Record<string, any>[] = [];

  beforeAll(async () => {
    daemon = createSocket('udp4');
    daemon.on('message', (message) => {
      const [, body] = message.toString('utf8').split('\n');
      if (body) segments.push(JSON.parse(body));
    });
    await new Promise<void>((resolve) => daemon.bind(0, '127.0.0.1', resolve));
    // A stand-in for DynamoDB and for a partner's webhook endpoint alike: it answers `{}` (an empty GetItem).
    stand = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(req.url === '/hook' ? 204 : 200, { 'content-type': 'application/x-amz-json-1.0' });
        res.end(req.url === '/hook' ? undefined : '{}');
      });
    });
    await new Promise<void>((resolve) => stand.listen(0, '127.0.0.1', resolve));
    standUrl = `http://127.0.0.1:${(stand.address() as AddressInfo).port}`;
    Object.assign(process.env, {
      AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x',
      LAMBDA_TASK_ROOT: '/var/task',
      _HANDLER: 'index.handler',
      AWS_XRAY_DAEMON_ADDRESS: `127.0.0.1:${(daemon.address() as AddressInfo).port}`,
      AWS_XRAY_CONTEXT_MISSING: 'IGNORE_ERROR',
      _X_AMZN_TRACE_ID: 'Root=1-6756a1f0-0123456789abcdef01234567;Parent=53995c3f42cd8ad8;Sampled=1',
      POWERTOOLS_TRACE_ENABLED: 'true',
    });
  });
  afterAll(async () => {
    process.env = { ...env };
    daemon.close();
    await new Promise((resolve) => stand.close(resolve));
  });

  /** The modules under test, loaded afresh in "Lambda" (the tracer reads its environment when it is made). */
  function inLambda() {
    let modules!: {
      tracer: typeof import('../../lib/observability/tracer');
      store: typeof import('../../lib/store/dynamodb');
      handler: typeof import('../../lib/http/handler');
    };
    jest.isolateModules(() => {
      modules = {
        tracer: require('../../lib/observability/tracer'),
        store: require('../../lib/store/dynamodb'),
        handler: require('../../lib/http/handler'),
      };
    });
    return modules;
  }

  const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

  it('records each DynamoDB call as a subsegment under the handler’s, annotated with the route, request id and partner, and no answer', async () => {
    const { tracer, store, handler } = inLambda();
    expect(tracer.tracer.isTracingEnabled()).toBe(true);
    const client = store.storeClient({ standIn: standUrl });
    const answer = handler.httpHandler(
      async () => {
        tracer.annotateRequest({ partnerId: 'ptn_traced' });
        await client.send(new store.GetCommand({ TableName: 'partner-api', Key: { pk: 'A', sk: 'B' } }));
        return { statusCode: 200, body: '{"name":"Ada Lovelace"}' };
      },
      { body: false },
    );
    const res = await answer(
      { httpMethod: 'GET', resource: '/v1/companies/{id}', path: '/v1/companies/cmp_1', headers: {}, requestContext: {} } as never,
      {} as never,
    );
    expect(res.statusCode).toBe(200);
    await settle();
    client.destroy();
    const handlerSegment = segments.find((s) => s.name === '## index.handler');
    expect(handlerSegment?.annotations).toMatchObject({
      route: 'GET /v1/companies/{id}',
      request_id: expect.stringMatching(/^req_/),
      partner_id: 'ptn_traced',
    });
    // The answer holds a person's name: it is never put on the trace.
    expect(JSON.stringify(segments)).not.toContain('Lovelace');
    const dynamo = segments.find((s) => s.name === 'DynamoDB');
    expect(dynamo).toMatchObject({ namespace: 'aws', aws: { operation: 'GetItem' }, parent_id: handlerSegment!.id });
  });

  it('records a webhook’s POST as a subsegment named after the endpoint’s host, with its status', async () => {
    const { tracer } = inLambda();
    const url = new URL(`${standUrl}/hook`);
    const status = await tracer.traceCallOut(
      url,
      async () => (await fetch(url, { method: 'POST' })).status,
      (s) => ({ status: s }),
    );
    expect(status).toBe(204);
    await settle();
    expect(segments.find((s) => s.name === url.host)).toMatchObject({
      namespace: 'remote',
      http: { request: { method: 'POST', url: `http://${url.host}` }, response: { status: 204 } },
    });
  });
});
