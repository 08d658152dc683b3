import { addStaffMember } from '../../lib/dashboard/staff';
import { Webhook } from 'standardwebhooks';
import { api } from '../support/http';
import { credentials, useStackDatabase } from '../support/stack';
import { createSession } from '../../lib/dashboard/session';
import { anLlc, createCompany } from '../support/companies';
import { aFreshPartner } from '../support/partners';
import { createTestEndpoint, eventually, WAIT_MS, startReceiver } from '../support/webhooks';
import { addMonths } from '../../lib/billing/renewal-schedule';
import { nextDueDate, reminderPoints, type DeadlineKind } from '../../lib/calendar/deadlines';

/**
 * The sandbox clock (docs/decisions.md, "The sandbox clock"; docs/openapi.json): time
 * moves in a partner's test mode, and everything that falls due on the way happens in time order. Each
 * test has a partner of its own, so what an advance finds due is only what the test made.
 */
useStackDatabase();
// Endpoints made here seal their secrets with the stack's local key, so its signer can read them.
process.env.LOCAL_DIR = process.env.TEST_LOCAL_DIR;

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const firstOfMonth = (ms: number, monthsOn: number) => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + monthsOn, 1);
};

async function clockOf(key: string) {
  const res = await api(key).get('/sandbox/clock');
  expect(res.status).toBe(200);
  return res.body as { object: string; livemode: boolean; now: string; status: string; advancing_to: string | null };
}

/** Advances the clock and waits (bounded) until the advance is done. */
async function advance(key: string, to: string) {
  const res = await api(key).post('/sandbox/clock/advance', { to });
  expect(res.status).toBe(202);
  expect(res.body).toEqual({ object: 'sandbox_clock', livemode: false, now: expect.any(String), status: 'advancing', advancing_to: to });
  return eventually(
    async () => {
      const clock = await clockOf(key);
      return clock.status === 'ready' && clock;
    },
    90_000,
    'the advance to finish',
  );
}

async function allEvents(key: string, query = '') {
  const out: any[] = [];
  let after = '';
  for (;;) {
    const res = await api(key).get(`/events?sort=created_at&limit=100${query}${after ? `&after=${after}` : ''}`);
    expect(res.status).toBe(200);
    out.push(...res.body.items);
    if (!res.body.page.has_next_page) return out;
    after = res.body.page.end_cursor;
  }
}

async function order(key: string, companyId: string, productKey: string) {
  const res = await api(key).post(`/companies/${companyId}/service-orders`, { product_key: productKey });
  if (res.status !== 201) throw new Error(`order not created: ${res.status} ${res.text}`);
  return res.body;
}

describe('GET /v1/sandbox/clock', () => {
  it('starts at real time, ready; a live key is refused test_mode_only', async () => {
    const p = await aFreshPartner();
    const before = Date.now();
    const clock = await clockOf(p.testKey);
    expect(clock).toEqual({ object: 'sandbox_clock', livemode: false, now: expect.any(String), status: 'ready', advancing_to: null });
    expect(Date.parse(clock.now)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(clock.now)).toBeLessThanOrEqual(Date.now() + 1000);
    const live = await api(p.liveKey).get('/sandbox/clock');
    expect(live.status).toBe(403);
    expect(live.body.code).toBe('test_mode_only');
    const liveAdvance = await api(p.liveKey).post('/sandbox/clock/advance', { to: 'soon' });
    expect(liveAdvance.status).toBe(403);
    expect(liveAdvance.body.code).toBe('test_mode_only');
  });
});

describe('POST /v1/sandbox/clock/advance', () => {
  it('refuses a time not later than now, or more than 400 days on, with a time to copy', async () => {
    const p = await aFreshPartner();
    const now = Date.parse((await clockOf(p.testKey)).now);
    const past = await api(p.testKey).post('/sandbox/clock/advance', { to: iso(now - DAY) });
    expect(past.status).toBe(400);
    expect(past.body.errors[0]).toMatchObject({ location: '$.to', validation_type: 'minimum' });
    expect(past.body.errors[0].how_to_fix).toMatch(/"to": "\d{4}-/);
    const far = await api(p.testKey).post('/sandbox/clock/advance', { to: iso(now + 401 * DAY) });
    expect(far.status).toBe(400);
    expect(far.body.errors[0]).toMatchObject({ location: '$.to', validation_type: 'maximum' });
    const notATime = await api(p.testKey).post('/sandbox/clock/advance', { to: 'next tuesday' });
    expect(notATime.status).toBe(400);
    expect(notATime.body.errors[0].location).toBe('$.to');
    expect((await clockOf(p.testKey)).status).toBe('ready');
  });

  it('the dashboard’s form refuses a time it cannot read with a page saying how to fix it (400), the clock left ready', async () => {
    const p = await aFreshPartner();
    // A session is a staff member's: the person is added first (lib/dashboard/staff.ts).
    const email = `clock-${p.partnerId.toLowerCase()}@partner.test`;
    await addStaffMember(p.partnerId, email);
    const { token, session } = await createSession({ partnerId: p.partnerId, email });
    const base = new URL(credentials().base_url).origin;
    for (const to of ['', 'next tuesday']) {
      const res = await fetch(`${base}/dashboard/sandbox-clock/advance`, {
        method: 'POST',
        redirect: 'manual',
        headers: { Cookie: `dash_session=${token}`, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ csrf_token: session.csrf_token, to }).toString(),
      });
      expect(res.status).toBe(400);
      const page = await res.text();
      expect(page).toContain('$.to');
      expect(page).toMatch(/such as &quot;to&quot;: &quot;\d{4}-|such as "to": "\d{4}-/);
    }
    expect((await clockOf(p.testKey)).status).toBe('ready');
  });

  it('moves the test mode to `to`: what it stamps afterwards reads the clock, one sandbox_clock.ready, last', async () => {
    const p = await aFreshPartner();
    const now = Date.parse((await clockOf(p.testKey)).now);
    const to = iso(now + 45 * DAY);
    const ready = await advance(p.testKey, to);
    expect(ready).toEqual({ object: 'sandbox_clock', livemode: false, now: expect.any(String), status: 'ready', advancing_to: null });
    // It runs on in real time from `to` (an offset, not a frozen instant).
    expect(Date.parse(ready.now)).toBeGreaterThanOrEqual(Date.parse(to));
    expect(Date.parse(ready.now)).toBeLessThan(Date.parse(to) + 60_000);
    const company = await createCompany(p.testKey);
    expect(Date.parse(company.created_at)).toBeGreaterThanOrEqual(Date.parse(to));
    expect(Date.parse(company.created_at)).toBeLessThan(Date.parse(to) + 60_000);
    const events = await allEvents(p.testKey);
    const readies = events.filter((e) => e.type === 'sandbox_clock.ready');
    expect(readies).toHaveLength(1);
    expect(readies[0]).not.toHaveProperty('company_id');
    expect(readies[0].data.object).toEqual({ object: 'sandbox_clock', livemode: false, now: to, status: 'ready', advancing_to: null });
    expect(readies[0].timestamp).toBe(to);
    expect(readies[0].created_at).toBe(to);
    // GET /events' created_at filters read the clock's times.
    const since = await api(p.testKey).get(`/events?created_at[gte]=${encodeURIComponent(to)}&type=company.created`);
    expect(since.body.items.map((e: any) => e.company_id)).toEqual([company.id]);
  });

  it('three month-ends yield three invoices, each stamped at its period’s close; a monthly order renews through the window', async () => {
    const p = await aFreshPartner();
    const company = await createCompany(p.testKey);
    const bookkeeping = await order(p.testKey, company.id, 'bookkeeping');
    const now = Date.parse((await clockOf(p.testKey)).now);
    // Across three month-ends: the 1st of each of the next three months, ending mid-month.
    const closes = [1, 2, 3].map((m) => iso(firstOfMonth(now, m)));
    const to = iso(firstOfMonth(now, 3) + 14 * DAY);
    await advance(p.testKey, to);

    const invoices = (await api(p.testKey).get('/invoices?limit=100')).body.items.reverse();
    expect(invoices.map((i: any) => i.created_at)).toEqual(closes);
    const finalized = (await allEvents(p.testKey, '&type=invoice.finalized')).map((e) => [e.timestamp, e.created_at, e.data.object.id]);
    expect(finalized).toEqual(invoices.map((i: any) => [i.created_at, i.created_at, i.id]));

    // Every period of the order due in the window billed once, at its due time, on its month's invoice.
    const anchor = bookkeeping.created_at;
    const dues: string[] = [];
    for (let k = 1; Date.parse(addMonths(anchor, k)) <= Date.parse(to); k++) dues.push(addMonths(anchor, k));
    expect(dues.length).toBeGreaterThanOrEqual(2);
    const renewalLines: any[] = [];
    for (const invoice of invoices) {
      const lines = (await api(p.testKey).get(`/invoices/${invoice.id}`)).body.lines;
      renewalLines.push(...lines.filter((l: any) => l.service_order === bookkeeping.id && l.kind === 'renewal'));
    }
    const billedAfterLastClose = dues.filter((d) => d >= closes[2]);
    expect(renewalLines.map((l) => l.billed_at).sort()).toEqual(dues.filter((d) => d < closes[2]));
    const after = (await api(p.testKey).get(`/service-orders/${bookkeeping.id}`)).body;
    expect(after.next_renewal_at).toBe(addMonths(anchor, dues.length + 1));
    expect(billedAfterLastClose.length).toBeLessThanOrEqual(1);
  });

  it('approved renewal cancellations end at renewal_ends_at: an arrears product bills its last period once, there; nothing bills after', async () => {
    const p = await aFreshPartner();
    const company = await createCompany(p.testKey);
    const payroll = await order(p.testKey, company.id, 'payroll');
    const bookkeeping = await order(p.testKey, company.id, 'bookkeeping');
    const ended: Record<string, any> = {};
    for (const o of [payroll, bookkeeping]) {
      expect((await api(p.testKey).post(`/service-orders/${o.id}/renewal/cancel`)).status).toBe(200);
      ended[o.id] = (await api(p.testKey).post(`/sandbox/service-orders/${o.id}/renewal/approve`)).body;
      expect(ended[o.id].renewal_ends_at).toBe(o.next_renewal_at);
    }
    const now = Date.parse((await clockOf(p.testKey)).now);
    await advance(p.testKey, iso(firstOfMonth(now, 4)));

    const renewalLines: any[] = [];
    for (const invoice of (await api(p.testKey).get('/invoices?limit=100')).body.items) {
      const lines = (await api(p.testKey).get(`/invoices/${invoice.id}`)).body.lines;
      renewalLines.push(...lines.filter((l: any) => l.kind === 'renewal'));
    }
    // The arrears product's last period, billed at its end; the advance product had billed all it will.
    expect(renewalLines.map((l) => [l.service_order, l.billed_at])).toEqual([[payroll.id, ended[payroll.id].renewal_ends_at]]);
    for (const o of [payroll, bookkeeping]) {
      const after = (await api(p.testKey).get(`/service-orders/${o.id}`)).body;
      expect(after.next_renewal_at).toBeUndefined();
      expect(after.renewal_ends_at).toBe(ended[o.id].renewal_ends_at);
    }
  });

  it('a quote lapses at quote.expires_at: service_order.updated carries that moment; accepting it is refused', async () => {
    const p = await aFreshPartner();
    const company = await createCompany(p.testKey);
    const quoted = await order(p.testKey, company.id, 'trademark_registration');
    expect(quoted.status).toBe('quote_pending');
    const now = Date.parse((await clockOf(p.testKey)).now);
    const expiresAt = iso(now + 10 * DAY);
    const quote = await api(p.testKey).post(`/sandbox/service-orders/${quoted.id}/quote`, { unit_amount: 50_000, expires_at: expiresAt });
    expect(quote.status).toBe(200);
    // A second order quoted past the window stays pending.
    const later = await order(p.testKey, company.id, 'trademark_registration');
    await api(p.testKey).post(`/sandbox/service-orders/${later.id}/quote`, { unit_amount: 60_000, expires_at: iso(now + 40 * DAY) });

    await advance(p.testKey, iso(now + 20 * DAY));
    const lapsed = (await api(p.testKey).get(`/service-orders/${quoted.id}`)).body;
    expect(lapsed.status).toBe('quote_pending');
    expect(lapsed.quote).toMatchObject({ state: 'expired', expires_at: expiresAt });
    const updates = (await allEvents(p.testKey, `&type=service_order.updated&company_id=${company.id}`)).filter(
      (e) => e.data.object.id === quoted.id,
    );
    expect(updates).toHaveLength(1);
    expect(updates[0].timestamp).toBe(expiresAt);
    expect(updates[0].created_at).toBe(expiresAt);
    expect(updates[0].data.object.quote.state).toBe('expired');
    expect((await api(p.testKey).get(`/service-orders/${later.id}`)).body.quote.state).toBe('pending');

    const accept = await api(p.testKey).post(`/service-orders/${quoted.id}/quote/accept`, {});
    expect(accept.status).toBe(400);
    expect(accept.body.errors[0].location).toBe('$.quote.expires_at');
  });

  it('every reminder point inside the window fires once, at its moment', async () => {
    const p = await aFreshPartner();
    const company = await createCompany(p.testKey, anLlc({ state: 'DE' }));
    const from = Date.parse((await clockOf(p.testKey)).now);
    const to = from + 400 * DAY;
    await advance(p.testKey, iso(to));

    // The points the calendar's rule gives for this company in (from, to], deadline after deadline.
    const expected: string[] = [];
    for (const kind of ['annual_report', 'federal_tax_filing'] as DeadlineKind[]) {
      let after = new Date(from);
      for (;;) {
        const due = nextDueDate(kind, { state: 'DE', entity_type: 'llc', anniversary: company.created_at }, after);
        const points = reminderPoints(due).filter((r) => Date.parse(r) > from && Date.parse(r) <= to && r >= company.created_at);
        if (Date.parse(reminderPoints(due)[0]) > to) break;
        expected.push(...points.map((r) => `${kind} ${r}`));
        after = due;
      }
    }
    expect(expected.length).toBeGreaterThanOrEqual(3);
    const reminders = await allEvents(p.testKey, `&type=calendar.reminder&company_id=${company.id}`);
    expect(reminders.map((e) => `${e.data.object.kind} ${e.data.object.remind_at}`).sort()).toEqual(expected.sort());
    for (const e of reminders) {
      expect(e.timestamp).toBe(e.data.object.remind_at);
      expect(e.created_at).toBe(e.data.object.remind_at);
      expect(e.data.object.reminders_fired).toContain(e.data.object.remind_at);
    }
  });

  it('a second advance while one runs is refused (409, the envelope); Idempotency-Key replays the first', async () => {
    const p = await aFreshPartner();
    // Work for the advance, so that it runs while the second request comes.
    for (let i = 0; i < 4; i++) await order(p.testKey, (await createCompany(p.testKey)).id, 'bookkeeping');
    const now = Date.parse((await clockOf(p.testKey)).now);
    const to = iso(now + 300 * DAY);
    const key = { 'Idempotency-Key': `clock-${p.partnerId}` };
    const [first, second] = await Promise.all([
      api(p.testKey).post('/sandbox/clock/advance', { to }, key),
      api(p.testKey).post('/sandbox/clock/advance', { to: iso(now + 10 * DAY) }),
    ]);
    expect([first.status, second.status].sort()).toEqual([202, 409]);
    const refused = first.status === 409 ? first : second;
    expect(refused.body).toMatchObject({ status: 409, code: 'resource_already_exists' });
    expect(refused.body.errors[0].how_to_fix).toMatch(/sandbox_clock\.ready/);
    if (first.status === 202) {
      const replay = await api(p.testKey).post('/sandbox/clock/advance', { to }, key);
      expect(replay.status).toBe(202);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(replay.body).toEqual(first.body);
    }
    const target = first.status === 202 ? to : iso(now + 10 * DAY);
    const done = await eventually(
      async () => {
        const clock = await clockOf(p.testKey);
        return clock.status === 'ready' && clock;
      },
      90_000,
      'the advance to finish',
    );
    expect(Date.parse(done.now)).toBeGreaterThanOrEqual(Date.parse(target)); // and runs on from there
    expect(Date.parse(done.now)).toBeLessThan(Date.parse(target) + 60_000);
    expect((await allEvents(p.testKey, '&type=sandbox_clock.ready')).length).toBe(1);
  });

  it('delivers the advance’s events by webhook in the log’s order, sandbox_clock.ready last; timestamp ≤ created_at throughout', async () => {
    const p = await aFreshPartner();
    const receiver = await startReceiver();
    try {
      const endpoint = await createTestEndpoint({ partnerId: p.partnerId, mode: 'test', url: receiver.url });
      const company = await createCompany(p.testKey);
      await order(p.testKey, company.id, 'bookkeeping');
      const now = Date.parse((await clockOf(p.testKey)).now);
      const to = iso(firstOfMonth(now, 2) + DAY);
      await advance(p.testKey, to);

      const log = await allEvents(p.testKey);
      for (let i = 1; i < log.length; i++) expect(log[i].created_at >= log[i - 1].created_at).toBe(true);
      for (const e of log) expect(Date.parse(e.timestamp)).toBeLessThanOrEqual(Date.parse(e.created_at));
      expect(log[log.length - 1].type).toBe('sandbox_clock.ready');

      const readyId = log[log.length - 1].id;
      await eventually(() => receiver.ids().includes(readyId), WAIT_MS, 'the ready event to be delivered');
      const wh = new Webhook(endpoint.secret.replace(/^whsec_/, ''));
      const delivered = receiver.deliveries.map((d) => wh.verify(d.body, d.headers as Record<string, string>) as any);
      expect(delivered.map((e) => e.id)).toEqual(log.map((e) => e.id));
      expect(delivered[delivered.length - 1].type).toBe('sandbox_clock.ready');
    } finally {
      await receiver.close();
    }
  });

  it('never touches live mode: live objects keep real time while the test clock is a year ahead', async () => {
    const p = await aFreshPartner();
    const now = Date.parse((await clockOf(p.testKey)).now);
    await advance(p.testKey, iso(now + 365 * DAY));
    const before = Date.now();
    const live = await createCompany(p.liveKey);
    expect(Date.parse(live.created_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(live.created_at)).toBeLessThanOrEqual(Date.now() + 1000);
    const liveEvents = (await api(p.liveKey).get('/events?limit=100')).body.items;
    for (const e of liveEvents) expect(Date.parse(e.created_at)).toBeLessThanOrEqual(Date.now() + 1000);
    const test = await createCompany(p.testKey);
    expect(Date.parse(test.created_at)).toBeGreaterThanOrEqual(now + 365 * DAY);
  });
});
