import { createPartner } from '../../lib/partners/partner';
import { hashSecret, issueApiKey } from '../../lib/auth/api-key';
import { revokeApiKey } from '../../lib/store/entities/api-key';
import { ENDED_KEYS_LISTED } from '../../lib/dashboard/api-keys';
import { MAX_ACTIVE_KEYS_PER_MODE, MAX_ENDPOINTS_PER_MODE, MAX_STAFF_PER_PARTNER } from '../../lib/dashboard/partner-caps';
import { addStaffMember } from '../../lib/dashboard/staff';
import { MAX_RECOVERS_PER_HOUR, RECOVER_RULE } from '../../lib/webhooks/operations/recover-events';
import { DASHBOARD_RATE_LIMIT } from '../../lib/http/dashboard/rate-limit';
import { dashboard, sessionFor } from '../support/dashboard';
import { useStackDatabase } from '../support/stack';
import { createTestEndpoint, recordEvents } from '../support/webhooks';
import { uniqueWord } from '../support/companies';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Bounded costs: what one partner may hold per mode, how often an endpoint may be
 * recovered, how many staff it may have, and the rate limit of the dashboard's JSON face; each refused
 * with the envelope.
 */
const c = useStackDatabase();

async function aPartnerWithAnOwner() {
  const partner = await createPartner({ name: `Caps ${uniqueWord(6)}`, ownerEmail: `${uniqueWord(8)}@caps.test` });
  const { token } = await sessionFor(partner.id);
  return { partnerId: partner.id, token };
}

describe('caps per partner', () => {
  it(`refuses a working key beyond ${MAX_ACTIVE_KEYS_PER_MODE} per mode with the envelope; a revoked key frees its place`, async () => {
    const { partnerId, token } = await aPartnerWithAnOwner();
    const made = [];
    for (let i = 0; i < MAX_ACTIVE_KEYS_PER_MODE - 1; i++) made.push(await issueApiKey({ partnerId, mode: 'test' }));
    expect((await dashboard(token).post('/keys', { livemode: false, name: 'the last one' })).status).toBe(201);
    const refused = await dashboard(token).post('/keys', { livemode: false, name: 'one too many' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'invalid_request',
      errors: [{ validation_type: 'maxItems', how_to_fix: expect.stringContaining('revoke') }],
    });
    expect((await dashboard(token).post(`/keys/${made[0].record.id}/revoke`)).status).toBe(200);
    expect((await dashboard(token).post('/keys', { livemode: false, name: 'in its place' })).status).toBe(201);
  }, 60_000);

  it(`refuses an endpoint beyond ${MAX_ENDPOINTS_PER_MODE} per mode with the envelope; the other mode has its own`, async () => {
    const { partnerId, token } = await aPartnerWithAnOwner();
    for (let i = 0; i < MAX_ENDPOINTS_PER_MODE; i++) await createTestEndpoint({ partnerId, mode: 'test', url: `http://127.0.0.1:9/${i}` });
    const refused = await dashboard(token).post('/webhook-endpoints', { url: 'http://127.0.0.1:9/more', livemode: false });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'invalid_request', errors: [{ location: '$.livemode', validation_type: 'maxItems' }] });
    expect((await dashboard(token).post('/webhook-endpoints', { url: 'http://127.0.0.1:9/live', livemode: true })).status).toBe(201);
  }, 60_000);

  it('takes one recover per endpoint every 10 minutes: the next is 429 rate_limit with Retry-After, and its rule is stated once', async () => {
    const { partnerId, token } = await aPartnerWithAnOwner();
    const created = (await dashboard(token).post('/webhook-endpoints', { url: 'http://127.0.0.1:9/recover', livemode: false })).body;
    const [event] = await recordEvents({ partnerId, mode: 'test' }, 1);
    const first = await dashboard(token).post(`/webhook-endpoints/${created.id}/recover`, { since: event.created_at });
    expect(first.status).toBe(202);
    const again = await dashboard(token).post(`/webhook-endpoints/${created.id}/recover`, { since: event.created_at });
    expect(again.status).toBe(429);
    expect(again.body.code).toBe('rate_limit');
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(500);
    // One rule, stated once, in the same words in the refusal, on the endpoint's page and in the guide.
    const rule =
      'one recover per endpoint and per endpoint URL every 10 minutes, at most 20 per partner and mode an hour, each at most 10,000 events';
    expect(RECOVER_RULE).toBe(rule);
    expect(again.body.errors[0].reason).toBe(rule);
    const page = await fetch(`${new URL(c.dashboard_url).origin}/dashboard/webhook-endpoints/${created.id}`, {
      headers: { Cookie: `dash_session=${token}` },
    });
    expect(await page.text()).toContain(`(${rule})`);
    const guide = (file: string) => readFileSync(join(__dirname, '..', '..', 'docs', 'guide', file), 'utf8').replace(/\s+/g, ' ');
    expect(guide('security.md')).toContain(rule);
    expect(guide('webhooks.md')).toContain(rule);
    expect(guide('security.md')).not.toMatch(/recovers an hour/);
  });

  it('counts a recover on the endpoint URL: deleting the endpoint and making it again at that URL (another query) takes no new turn', async () => {
    const { partnerId, token } = await aPartnerWithAnOwner();
    const [event] = await recordEvents({ partnerId, mode: 'test' }, 1);
    const first = (await dashboard(token).post('/webhook-endpoints', { url: 'http://127.0.0.1:9/churn?n=1', livemode: false })).body;
    expect((await dashboard(token).post(`/webhook-endpoints/${first.id}/recover`, { since: event.created_at })).status).toBe(202);
    expect((await dashboard(token).delete(`/webhook-endpoints/${first.id}`)).status).toBe(200);
    const again = (await dashboard(token).post('/webhook-endpoints', { url: 'http://127.0.0.1:9/churn?n=2', livemode: false })).body;
    const refused = await dashboard(token).post(`/webhook-endpoints/${again.id}/recover`, { since: event.created_at });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'rate_limit', errors: [{ reason: RECOVER_RULE }] });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(500);
    // The other mode's URL is its own.
    const live = (await dashboard(token).post('/webhook-endpoints', { url: 'http://127.0.0.1:9/churn?n=1', livemode: true })).body;
    expect((await dashboard(token).post(`/webhook-endpoints/${live.id}/recover`, { since: event.created_at })).status).toBe(202);
  });

  it(`counts recovers per partner and mode: past ${MAX_RECOVERS_PER_HOUR} in an hour, at any URLs, the next is 429 until the hour ends`, async () => {
    const { partnerId, token } = await aPartnerWithAnOwner();
    const [event] = await recordEvents({ partnerId, mode: 'test' }, 1);
    const recoverAt = async (i: number) => {
      const made = (await dashboard(token).post('/webhook-endpoints', { url: `http://127.0.0.1:9/hour/${i}`, livemode: false })).body;
      const answer = await dashboard(token).post(`/webhook-endpoints/${made.id}/recover`, { since: event.created_at });
      await dashboard(token).delete(`/webhook-endpoints/${made.id}`);
      return answer;
    };
    const statuses = [];
    for (let i = 0; i < MAX_RECOVERS_PER_HOUR; i++) statuses.push((await recoverAt(i)).status);
    expect(statuses.every((s) => s === 202)).toBe(true);
    const refused = await recoverAt(MAX_RECOVERS_PER_HOUR);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'rate_limit', errors: [{ reason: RECOVER_RULE }] });
    expect(refused.body.detail).toContain(`${MAX_RECOVERS_PER_HOUR} recovers`);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
  }, 120_000);

  it(`lists every working key and the ${ENDED_KEYS_LISTED} newest revoked ones, however many were made and revoked`, async () => {
    const { partnerId, token } = await aPartnerWithAnOwner();
    const revoked: string[] = [];
    for (let i = 0; i < ENDED_KEYS_LISTED + 5; i++) {
      const { secret, record } = await issueApiKey({ partnerId, mode: 'test' });
      await revokeApiKey(hashSecret(secret), partnerId, new Date().toISOString());
      revoked.unshift(record.id);
    }
    const working = [
      (await issueApiKey({ partnerId, mode: 'live' })).record.id,
      (await issueApiKey({ partnerId, mode: 'test' })).record.id,
    ];
    const listed = await dashboard(token).get('/keys');
    expect(listed.status).toBe(200);
    const ids = (listed.body.items as { id: string; revoked_at: string | null }[]).map((k) => k.id);
    expect(ids.filter((id) => working.includes(id)).sort()).toEqual([...working].sort());
    expect(ids.filter((id) => !working.includes(id))).toEqual(revoked.slice(0, ENDED_KEYS_LISTED));
  }, 120_000);
});

describe("the dashboard's JSON face", () => {
  it(`is rate-limited per staff member (${DASHBOARD_RATE_LIMIT.burst} a second, ${DASHBOARD_RATE_LIMIT.sustained} a minute): beyond it, 429 rate_limit with Retry-After and RateLimit headers`, async () => {
    const { token } = await aPartnerWithAnOwner();
    // Waves of twice the burst, until one is refused: at the latest past the minute's limit.
    const answers: Awaited<ReturnType<ReturnType<typeof dashboard>['get']>>[] = [];
    while (!answers.some((a) => a.status === 429) && answers.length <= DASHBOARD_RATE_LIMIT.sustained) {
      answers.push(...(await Promise.all(Array.from({ length: DASHBOARD_RATE_LIMIT.burst * 2 }, () => dashboard(token).get('/keys')))));
    }
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0].body.code).toBe('rate_limit');
    expect(refused[0].headers.get('retry-after')).toMatch(/^\d+$/);
    expect(answers.filter((a) => a.status !== 429).every((a) => a.status === 200)).toBe(true);
    expect(answers.find((a) => a.status === 200)!.headers.get('ratelimit-policy')).toContain(`"burst";q=${DASHBOARD_RATE_LIMIT.burst}`);
  });
});

describe("the dashboard's pages", () => {
  it(`are rate-limited per staff member as the JSON face is: ${DASHBOARD_RATE_LIMIT.burst * 2} pages at once from one member are not all answered`, async () => {
    const { token } = await aPartnerWithAnOwner();
    const page = () =>
      fetch(`${new URL(c.dashboard_url).origin}/dashboard/keys`, { headers: { Cookie: `dash_session=${token}` }, redirect: 'manual' });
    const answers: Response[] = [];
    while (!answers.some((a) => a.status === 429) && answers.length <= DASHBOARD_RATE_LIMIT.sustained) {
      answers.push(...(await Promise.all(Array.from({ length: DASHBOARD_RATE_LIMIT.burst * 2 }, page))));
    }
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0].headers.get('retry-after')).toMatch(/^\d+$/);
    expect(answers.filter((a) => a.status !== 429).every((a) => a.status === 200)).toBe(true);
    await Promise.all(answers.map((a) => a.text()));
  });
});

describe('staff per partner', () => {
  it(`refuses an invite past ${MAX_STAFF_PER_PARTNER} current members with the envelope; a removal frees a place`, async () => {
    const { partnerId, token } = await aPartnerWithAnOwner();
    const held = (await dashboard(token).get('/staff')).body.items.length;
    const added = [];
    for (let i = held; i < MAX_STAFF_PER_PARTNER - 1; i++)
      added.push(await addStaffMember(partnerId, `${uniqueWord(10)}@caps.test`, 'finance'));
    expect((await dashboard(token).post('/staff', { email: `${uniqueWord(10)}@caps.test`, role: 'finance' })).status).toBe(201);
    const refused = await dashboard(token).post('/staff', { email: `${uniqueWord(10)}@caps.test`, role: 'developer' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'invalid_request',
      errors: [{ location: '$.email', validation_type: 'maxItems', how_to_fix: expect.stringContaining('/remove') }],
    });
    expect((await dashboard(token).post(`/staff/${added[0].id}/remove`)).status).toBe(200);
    expect((await dashboard(token).post('/staff', { email: `${uniqueWord(10)}@caps.test`, role: 'developer' })).status).toBe(201);
  }, 60_000);
});
