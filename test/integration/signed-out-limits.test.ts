import { randomBytes, randomUUID } from 'node:crypto';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { useStackDatabase } from '../support/stack';
import { atTime } from '../support/clock';
import { lambdaContext } from '../support/handler-chain';
import { handler as signIn } from '../../functions/dashboard/api-sign-in';
import { handler as signInPage } from '../../functions/dashboard/page-sign-in';
import { handler as keysPage } from '../../functions/dashboard/page-keys';
import { DASHBOARD_RATE_LIMIT, signedOutLimit } from '../../lib/http/dashboard/rate-limit';
import { SESSION_COOKIE } from '../../lib/http/dashboard/cookies';
import { aFreshPartner } from '../support/partners';
import { sessionFor } from '../support/dashboard';

/**
 * The signed-out routes are limited per source address before the body is read: a body
 * that fails validation counts as much as a good one. This process keeps the product's limit (the
 * suite's runtime lifts it for 127.0.0.1); each case sends from an address of its own.
 */
useStackDatabase();

const ownIp = () => `2001:db8::${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
const event = (method: string, path: string, ip: string, body?: unknown): APIGatewayProxyEvent => ({
  resource: path,
  path,
  httpMethod: method,
  headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
  multiValueHeaders: {},
  queryStringParameters: null,
  multiValueQueryStringParameters: null,
  pathParameters: null,
  stageVariables: null,
  body: body === undefined ? null : JSON.stringify(body),
  isBase64Encoded: false,
  requestContext: { identity: { sourceIp: ip }, requestId: randomUUID() } as APIGatewayProxyEvent['requestContext'],
});

/** One whole second from now: every request of a case shares its window. */
const aSecond = () => Math.ceil(Date.now() / 1000) * 1000 + 1000;

describe('signed-out dashboard routes, per source address', () => {
  const { burst } = signedOutLimit();

  it(`answer 429 with Retry-After past ${burst} requests a second, bad bodies counted, other addresses untouched`, async () => {
    const ip = ownIp();
    const at = aSecond();
    const statuses: number[] = [];
    for (let i = 0; i <= burst; i++) {
      const res = await atTime(at, () =>
        signIn(event('POST', '/dashboard/api/sign-in', ip, { email: 'x@y.test', stray: i }), lambdaContext),
      );
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, burst)).toEqual(Array(burst).fill(400));
    const refused = await atTime(at, () => signIn(event('POST', '/dashboard/api/sign-in', ip, { email: 'x@y.test' }), lambdaContext));
    expect(refused.statusCode).toBe(429);
    expect(JSON.parse(refused.body).code).toBe('rate_limit');
    expect(refused.headers?.['Retry-After']).toBeDefined();
    const other = await atTime(at, () => signIn(event('POST', '/dashboard/api/sign-in', ownIp(), { email: 'x@y.test' }), lambdaContext));
    expect(other.statusCode).toBe(202);
  });

  it('the sign-in page too', async () => {
    const ip = ownIp();
    const at = aSecond();
    for (let i = 0; i < burst; i++)
      expect((await atTime(at, () => signInPage(event('GET', '/dashboard/sign-in', ip), lambdaContext))).statusCode).toBe(200);
    const refused = await atTime(at, () => signInPage(event('GET', '/dashboard/sign-in', ip), lambdaContext));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers?.['Content-Type']).toContain('text/html');
  });
});

describe("the dashboard's pages, per member as the JSON face", () => {
  it(`answer 429 past ${DASHBOARD_RATE_LIMIT.burst} page loads a second (55 parallel loads were 55 answers of 200)`, async () => {
    const { partnerId } = await aFreshPartner();
    const { token } = await sessionFor(partnerId, { kind: 'cookie' });
    const page = () => ({ ...event('GET', '/dashboard/keys', ownIp()), headers: { Cookie: `${SESSION_COOKIE}=${token}` } });
    const at = aSecond();
    const statuses = await atTime(at, () =>
      Promise.all(Array.from({ length: DASHBOARD_RATE_LIMIT.burst + 5 }, () => keysPage(page(), lambdaContext))),
    );
    const codes = statuses.map((r) => r.statusCode);
    expect([codes.filter((s) => s === 200).length, codes.filter((s) => s === 429).length]).toEqual([DASHBOARD_RATE_LIMIT.burst, 5]);
  });
});
