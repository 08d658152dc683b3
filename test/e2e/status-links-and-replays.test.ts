import { randomUUID } from 'node:crypto';
import { issueApiKey } from '../../lib/auth/api-key';
import { idempotencyRecordOf } from '../../lib/store/entities/idempotency-record';
import { api } from '../support/http';
import { mintStatusToken } from '../../lib/status-tokens/status-tokens';
import { MAX_STATUS_LINKS_PER_COMPANY } from '../../lib/resources/list-caps';
import { useStackDatabase } from '../support/stack';
import { anLlc, anOwner, createCompany } from '../support/companies';
import { atTime } from '../support/clock';
import { lambdaContext } from '../support/handler-chain';
import { keyedProxyEvent } from '../../infra/local/proxy-event';
import { handler as statusPage } from '../../functions/pages/status-page';
import { handler as listStatusTokens } from '../../functions/api/list-status-tokens';

/**
 * Nothing sensitive kept in clear: an idempotent answer is stored without the
 * working link it carried, and its replay says so; a status link's url is read only with a write
 * scope; a link may carry an expiry, after which it is dead.
 */
const c = useStackDatabase();
const scope = { partnerId: c.partner_id, mode: 'test' as const };
const tokenOf = (url: string) => new URL(url).pathname.split('/').pop()!;

describe('status links and what replays keep', () => {
  it('stores a status link’s answer without its token; the replay names the field it left out', async () => {
    const company = await createCompany(c.test_key, anLlc());
    const key = randomUUID();
    const first = await api(c.test_key).post(`/companies/${company.id}/status-tokens`, {}, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replay-redacted')).toBeNull();
    const token = tokenOf(first.body.url);

    const record = await idempotencyRecordOf(scope, key);
    expect(JSON.stringify(record)).not.toContain(token);

    const replay = await api(c.test_key).post(`/companies/${company.id}/status-tokens`, {}, { 'Idempotency-Key': key });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.headers.get('idempotent-replay-redacted')).toBe('$.url');
    expect(replay.body).toEqual({ ...first.body, url: '[redacted]' });
    // The link itself still works, and the list (a write scope) gives its url again.
    expect((await fetch(first.body.url)).status).toBe(200);
    const list = await api(c.test_key).get(`/companies/${company.id}/status-tokens`);
    expect(list.body.items).toEqual([first.body]);
  });

  it('a verification session’s answer is stored without its link too', async () => {
    const company = await createCompany(c.test_key, anLlc({ shareholders: [anOwner()] }));
    const key = randomUUID();
    const body = { shareholder: company.shareholders[0].id };
    const first = await api(c.test_key).post(`/companies/${company.id}/verification-sessions`, body, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    expect(JSON.stringify(await idempotencyRecordOf(scope, key))).not.toContain(tokenOf(first.body.url));
    const replay = await api(c.test_key).post(`/companies/${company.id}/verification-sessions`, body, { 'Idempotency-Key': key });
    expect(replay.body).toEqual({ ...first.body, url: '[redacted]' });
    expect(replay.headers.get('idempotent-replay-redacted')).toBe('$.url');
  });

  it('replays every other answer as first given (a company)', async () => {
    const key = randomUUID();
    const body = anLlc();
    const first = await api(c.test_key).post('/companies', body, { 'Idempotency-Key': key });
    const replay = await api(c.test_key).post('/companies', body, { 'Idempotency-Key': key });
    expect(replay.text).toBe(first.text);
    expect(replay.headers.get('idempotent-replay-redacted')).toBeNull();
  });

  it("answers a replay only to a key that may see it: another key's POST /companies?expand[]=account is refused to companies:write alone", async () => {
    const key = randomUUID();
    const body = anLlc();
    const first = await api(c.test_key).post('/companies?expand[]=account', body, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    expect(typeof first.body.account).toBe('object');
    const writer = (await issueApiKey({ partnerId: c.partner_id, mode: 'test', scopes: ['companies:write'] })).secret;
    const replay = await api(writer).post('/companies?expand[]=account', body, { 'Idempotency-Key': key });
    expect(replay.status).toBe(403);
    expect(replay.body.code).toBe('insufficient_scope');
    expect(replay.text).not.toContain(first.body.account.id);
    // A key that holds the scope gets the replay.
    const reader = (await issueApiKey({ partnerId: c.partner_id, mode: 'test', scopes: ['companies:write', 'accounts:read'] })).secret;
    const allowed = await api(reader).post('/companies?expand[]=account', body, { 'Idempotency-Key': key });
    expect(allowed.status).toBe(201);
    expect(allowed.headers.get('idempotent-replayed')).toBe('true');
  });

  it('reading status links’ urls takes companies:write', async () => {
    const company = await createCompany(c.test_key, anLlc());
    await api(c.test_key).post(`/companies/${company.id}/status-tokens`, {});
    const reader = (await issueApiKey({ partnerId: c.partner_id, mode: 'test', scopes: ['companies:read'] })).secret;
    const refused = await api(reader).get(`/companies/${company.id}/status-tokens`);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('insufficient_scope');
    expect(refused.text).not.toContain('/status/');
    const writer = (await issueApiKey({ partnerId: c.partner_id, mode: 'test', scopes: ['companies:write'] })).secret;
    expect((await api(writer).get(`/companies/${company.id}/status-tokens`)).body.items).toHaveLength(1);
  });

  it('a link minted with an expiry works until then, and is dead after (page 404, gone from the list)', async () => {
    const company = await createCompany(c.test_key, anLlc());
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    const minted = await api(c.test_key).post(`/companies/${company.id}/status-tokens`, { expires_at: expiresAt });
    expect(minted.status).toBe(201);
    expect(minted.body.expires_at).toBe(expiresAt);
    const forever = await api(c.test_key).post(`/companies/${company.id}/status-tokens`, {});
    expect(forever.body).not.toHaveProperty('expires_at');
    expect((await fetch(minted.body.url)).status).toBe(200);
    // The same handlers in this process, on the project's clock (lib/clock.ts) set past the expiry:
    // no waiting on the wall clock.
    const token = tokenOf(minted.body.url);
    const page = keyedProxyEvent({
      method: 'GET',
      path: `/status/${token}`,
      key: c.test_key,
      resource: '/status/{token}',
      pathParameters: { token },
    });
    const expiry = Date.parse(expiresAt);
    expect((await atTime(expiry - 1, () => statusPage(page, lambdaContext))).statusCode).toBe(200);
    expect((await atTime(expiry + 1, () => statusPage(page, lambdaContext))).statusCode).toBe(404);
    const list = keyedProxyEvent({
      method: 'GET',
      path: `/v1/companies/${company.id}/status-tokens`,
      key: c.test_key,
      resource: '/v1/companies/{companyID}/status-tokens',
      pathParameters: { companyID: company.id },
    });
    const listed = await atTime(expiry + 1, () => listStatusTokens(list, lambdaContext));
    expect(JSON.parse(listed.body).items.map((t: { id: string }) => t.id)).toEqual([forever.body.id]);
  });

  it(`refuses a working link past ${MAX_STATUS_LINKS_PER_COMPANY} per company with the envelope; a revoked one frees its place`, async () => {
    const company = await createCompany(c.test_key, anLlc());
    const made = [];
    for (let i = 0; i < MAX_STATUS_LINKS_PER_COMPANY; i++) made.push(await mintStatusToken(scope, company.id));
    const refused = await api(c.test_key).post(`/companies/${company.id}/status-tokens`, {});
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({ validation_type: 'maxItems', how_to_fix: expect.stringContaining('Revoke') });
    expect((await api(c.test_key).delete(`/companies/${company.id}/status-tokens/${made[0].id}`)).status).toBe(200);
    expect((await api(c.test_key).post(`/companies/${company.id}/status-tokens`, {})).status).toBe(201);
  }, 60_000);

  it('refuses an expiry in the past with the envelope and a valid example', async () => {
    const company = await createCompany(c.test_key, anLlc());
    const res = await api(c.test_key).post(`/companies/${company.id}/status-tokens`, { expires_at: '2020-01-01T00:00:00Z' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ location: '$.expires_at', how_to_fix: expect.stringContaining('"expires_at": "') });
  });
});
