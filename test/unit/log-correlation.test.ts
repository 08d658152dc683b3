import type { APIGatewayProxyEvent } from 'aws-lambda';
import { requestState } from '../../lib/http/middleware/request-state';
import { logger } from '../../lib/observability/logger';
import type { ApiMiddyRequest } from '../../lib/http/core/types';

describe('log lines of a request', () => {
  it('carry API Gateway’s request id (the access log’s `requestId`) beside our request_id', async () => {
    const written: string[] = [];
    const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    const level = logger.getLevelName();
    logger.setLogLevel('INFO');
    try {
      const event = { requestContext: { requestId: 'c0ffee-42', identity: { sourceIp: '127.0.0.1' } } } as unknown as APIGatewayProxyEvent;
      const request = { event, context: {}, response: undefined, error: undefined, internal: {} } as unknown as ApiMiddyRequest;
      await requestState().before!(request);
      logger.info('handled');
    } finally {
      logger.setLogLevel(level);
      spy.mockRestore();
    }
    const line = JSON.parse(written.find((w) => w.includes('"handled"'))!);
    expect(line.apigw_request_id).toBe('c0ffee-42');
    expect(line.request_id).toMatch(/^req_/);
  });
});
