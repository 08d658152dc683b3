import { errorEnvelope } from '../../lib/http/middleware/error-envelope';

type ApiMiddyRequest = Parameters<NonNullable<ReturnType<typeof errorEnvelope>['onError']>>[0];

// middy's own timeout error, as @middy/core throws it when the Lambda's remaining time runs out.
function middyTimeout(): Error {
  const error = new Error('[AbortError]: The operation was aborted.', { cause: { package: '@middy/core' } });
  error.name = 'TimeoutError';
  return error;
}

function answerTo(method: string, withKey: boolean) {
  const request = {
    event: { httpMethod: method },
    context: {
      state: {
        requestId: 'req_test',
        receivedAt: new Date(),
        sourceIp: '127.0.0.1',
        responseHeaders: {},
        idempotency: withKey ? { key: 'k-1', sealed: false, seal: () => undefined } : undefined,
      },
    },
    error: middyTimeout(),
    response: undefined,
    internal: {},
  } as unknown as ApiMiddyRequest;
  void errorEnvelope().onError!(request);
  const body = JSON.parse(request.response!.body) as { code: string; detail: string };
  return {
    status: request.response!.statusCode,
    retryAfter: request.response!.headers?.['Retry-After'],
    code: body.code,
    detail: body.detail,
  };
}

describe('a request cut by the Lambda timeout (docs/decisions.md, "The event log")', () => {
  it('is an overload refusal (429, Retry-After) when it carries an Idempotency-Key: a retry replays or applies it once', () => {
    const a = answerTo('POST', true);
    expect([a.status, a.code, a.retryAfter]).toEqual([429, 'rate_limit', '1']);
    expect(a.detail).toContain('same Idempotency-Key');
  });

  it('is an overload refusal on a read', () => {
    expect(answerTo('GET', false)).toMatchObject({ status: 429, code: 'rate_limit', retryAfter: '1' });
  });

  it('stays api_error 500 for a change without a key, whose outcome cannot be known', () => {
    const a = answerTo('POST', false);
    expect([a.status, a.code, a.retryAfter]).toEqual([500, 'api_error', '1']);
    expect(a.detail).toContain('Idempotency-Key');
  });
});
