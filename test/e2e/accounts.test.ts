import { api } from '../support/http';
import { useStackDatabase } from '../support/stack';
import { anAccount, uniqueWord } from '../support/companies';
import { accountSchema } from '../../lib/resources/account';

const c = useStackDatabase();

function expectInvalid(res: { status: number; body: any }, location: string, validationType?: string) {
  expect(res.status).toBe(400);
  expect(res.body.code).toBe('invalid_request');
  const entry = res.body.errors.find((e: any) => e.location === location);
  expect(entry).toBeDefined();
  if (validationType) expect(entry.validation_type).toBe(validationType);
}

describe('POST /accounts', () => {
  it('creates an account (201) with exactly the Account fields', async () => {
    const res = await api(c.test_key).post(
      '/accounts',
      anAccount({ phone: '+14155550123', external_id: `u-${uniqueWord()}`, metadata: { plan: 'gold', seats: 5, trial: false } }),
    );
    expect(res.status).toBe(201);
    expect(accountSchema().safeParse(res.body).success).toBe(true);
    expect(res.body).toMatchObject({
      object: 'account',
      livemode: false,
      first_name: 'Ada',
      phone: '+14155550123',
      metadata: { plan: 'gold', seats: 5, trial: false },
    });
    expect(res.body.id).toMatch(/^acct_[0-9A-Za-z]{22}$/);
  });

  it('answers 200 with the existing account when external_id is reused', async () => {
    const external_id = `u-${uniqueWord()}`;
    const first = await api(c.test_key).post('/accounts', anAccount({ external_id }));
    const again = await api(c.test_key).post('/accounts', anAccount({ external_id, first_name: 'Other' }));
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    // The live mode has its own external_id space.
    expect((await api(c.live_key).post('/accounts', anAccount({ external_id }))).status).toBe(201);
  });

  it('gives one account to 10 parallel creations with one external_id', async () => {
    const external_id = `race-${uniqueWord()}`;
    const results = await Promise.all(Array.from({ length: 10 }, () => api(c.test_key).post('/accounts', anAccount({ external_id }))));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
  });

  it('refuses a body that is not UTF-8 (Café sent as Latin-1) instead of storing Caf\uFFFD, and a control character, creating nothing', async () => {
    const external_id = `latin-${uniqueWord()}`;
    const latin1 = Buffer.from(JSON.stringify(anAccount({ first_name: 'Café', external_id })), 'latin1');
    const res = await fetch(`${c.base_url}/accounts`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${c.test_key}`, 'Content-Type': 'application/json; charset=iso-8859-1' },
      body: latin1,
    });
    const body = (await res.json()) as any;
    expect([res.status, body.code, body.errors[0].location]).toEqual([400, 'invalid_request', '$.first_name']);
    expect(body.errors[0].how_to_fix).toContain('UTF-8');
    expectInvalid(
      await api(c.test_key).post('/accounts', anAccount({ last_name: 'Love\u0007lace', external_id })),
      '$.last_name',
      'pattern',
    );
    // Nothing was created under that external_id: a valid retry creates it (201), not finds it (200).
    expect((await api(c.test_key).post('/accounts', anAccount({ first_name: 'Café', external_id }))).status).toBe(201);
  });

  it.each([
    ['a missing first_name', { first_name: undefined }, '$.first_name', 'required'],
    ['a missing e-mail', { email: undefined }, '$.email', 'required'],
    ['an e-mail that is not one', { email: 'ada' }, '$.email', 'format'],
    ['a phone not in E.164', { phone: '415 555 0123' }, '$.phone', 'pattern'],
    ['an external_id over 255 characters', { external_id: 'x'.repeat(256) }, '$.external_id', 'maxLength'],
    ['an unknown field', { nickname: 'A' }, '$.nickname', 'additionalProperties'],
  ])('refuses %s', async (_what, override, location, type) => {
    expectInvalid(await api(c.test_key).post('/accounts', anAccount(override)), location, type);
  });
});

describe('GET /accounts and /accounts/{accountID}', () => {
  it('fetches one account, and 404 for another mode or partner', async () => {
    const created = (await api(c.test_key).post('/accounts', anAccount())).body;
    const res = await api(c.test_key).get(`/accounts/${created.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(created);
    expect((await api(c.live_key).get(`/accounts/${created.id}`)).status).toBe(404);
    expect((await api(c.other_partner.test_key).get(`/accounts/${created.id}`)).status).toBe(404);
  });

  it('pages newest first with total, sort=created_at for oldest first, and refuses after with before', async () => {
    const key = c.other_partner.live_key; // a listing the other suites do not grow
    const before = (await api(key).get('/accounts?limit=1')).body.page.total;
    const made = [];
    for (let i = 0; i < 3; i++) made.push((await api(key).post('/accounts', anAccount())).body);
    const first = await api(key).get('/accounts?limit=2');
    expect(first.body.page).toMatchObject({ total: before + 3, limit: 2, has_next_page: true, has_prev_page: false });
    expect(first.body.items.map((a: any) => a.id)).toEqual([made[2].id, made[1].id]);
    const next = await api(key).get(`/accounts?limit=2&after=${first.body.page.end_cursor}`);
    expect(next.body.items[0].id).toBe(made[0].id);
    expect(next.body.page.has_prev_page).toBe(true);
    const prev = await api(key).get(`/accounts?limit=2&before=${next.body.page.start_cursor}`);
    expect(prev.body.items.map((a: any) => a.id)).toEqual([made[2].id, made[1].id]);
    const oldest = await api(key).get(`/accounts?sort=created_at&limit=100`);
    expect(oldest.body.items.slice(-3).map((a: any) => a.id)).toEqual(made.map((a) => a.id));
    expectInvalid(await api(key).get(`/accounts?after=${first.body.page.end_cursor}&before=${first.body.page.end_cursor}`), '$.before');
    expectInvalid(await api(key).get(`/accounts?sort=created_at&after=${first.body.page.end_cursor}`), '$.after');
    expectInvalid(await api(key).get('/accounts?sort=email'), '$.sort');
  });
});
