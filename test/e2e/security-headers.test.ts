import { type IncomingMessage, request } from 'node:http';
import { api } from '../support/http';
import { credentials, useStackDatabase } from '../support/stack';
import { anLlc, createCompany } from '../support/companies';

/**
 * The headers a bank's scanner looks for: HSTS and nosniff on every answer, frame
 * protection and a CSP on every page, and `no-store` on every API answer with personal data, errors
 * and the gateway's own refusals included.
 */
const c = useStackDatabase();
const origin = new URL(c.base_url).origin;

function expectEveryAnswer(headers: Headers, what: string): void {
  expect([what, headers.get('strict-transport-security')]).toEqual([what, 'max-age=63072000; includeSubDomains']);
  expect([what, headers.get('x-content-type-options')]).toEqual([what, 'nosniff']);
}

function expectPage(headers: Headers, what: string): void {
  expectEveryAnswer(headers, what);
  expect([what, headers.get('content-type')]).toEqual([what, expect.stringMatching(/^text\/html/)]);
  expect([what, headers.get('x-frame-options')]).toEqual([what, 'DENY']);
  expect([what, headers.get('content-security-policy')]).toEqual([what, expect.stringContaining("frame-ancestors 'none'")]);
}

describe('security headers', () => {
  it('every API answer with personal data, success or error, is never stored', async () => {
    const company = await createCompany(c.test_key, anLlc());
    const answers = {
      'a company': await api(c.test_key).get(`/companies/${company.id}`),
      'a list of companies': await api(c.test_key).get('/companies?limit=1'),
      'the caller': await api(c.test_key).get('/me'),
      'a refusal': await api(c.test_key).get('/companies?limit=0'),
      'an unknown key': await api('svc_test_nothing').get('/me'),
    };
    for (const [what, res] of Object.entries(answers)) {
      expectEveryAnswer(res.headers, what);
      expect([what, res.headers.get('cache-control')]).toEqual([what, 'no-store']);
    }
  });

  it('every page has frame protection and a CSP: the reference, the error codes, a status link, the dashboard', async () => {
    const company = await createCompany(c.test_key, anLlc());
    const link = await api(c.test_key).post(`/companies/${company.id}/status-tokens`, {});
    expect(link.status).toBe(201);
    for (const path of ['/docs', '/docs/partner/errors', new URL(link.body.url).pathname, '/dashboard/sign-in']) {
      const res = await fetch(origin + path, { redirect: 'manual' });
      expect([path, res.status]).toEqual([path, 200]);
      expectPage(res.headers, path);
    }
  });

  it('the gateway’s own refusals carry them too', async () => {
    // fetch refuses to send TRACE: a plain request does.
    const res = await new Promise<IncomingMessage>((resolve, reject) =>
      request(`${credentials().base_url}/nothing-here`, { method: 'TRACE' }, resolve).on('error', reject).end(),
    );
    res.resume();
    expect(res.statusCode).toBe(404);
    const headers = new Headers(res.headers as Record<string, string>);
    expectEveryAnswer(headers, 'TRACE');
    expect(headers.get('cache-control')).toBe('no-store');
  });
});
