import { randomBytes } from 'node:crypto';
import { api, ENVELOPE_FIELDS } from '../support/http';
import { useStackDatabase } from '../support/stack';
import { dashboard, latestCode, mailCountTo, outbox, signIn, stepUp } from '../support/dashboard';
import { addStaffMember, removeStaff } from '../../lib/dashboard/staff';
import { ApiError } from '../../lib/errors';
import { createSession } from '../../lib/dashboard/session';
import type { StaffRole } from '../../lib/dashboard/roles';
import { availableVersions } from '../../lib/versioning/versions';
import { createPartner } from '../../lib/partners/partner';
import { chainProblem } from '../../lib/audit/chain';

/**
 * Staff, sessions and audit (the dashboard's JSON face, as the API surface fixes it): roles checked on
 * every route, invite and remove, one's own sessions and "sign out everywhere", step-up before the
 * sensitive changes, and the audit log of every change.
 */
const c = useStackDatabase();

function expectEnvelope(res: { status: number; body: any; headers: Headers }, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.body.code).toBe(code);
  expect(res.body.request_id).toBe(res.headers.get('request-id'));
  expect(Object.keys(res.body).every((k) => ENVELOPE_FIELDS.includes(k))).toBe(true);
}

const address = (what: string) => `${what}-${randomBytes(6).toString('hex')}@staff.test`;

/** A member of `partnerId` with `role` and a session of theirs (stepped up or not). */
async function member(partnerId: string, role: StaffRole, steppedUp = false) {
  const email = address(role);
  const m = await addStaffMember(partnerId, email, role);
  const { token } = await createSession({ partnerId, email, steppedUpForMs: steppedUp ? 10 * 60 * 1000 : undefined });
  return { email, id: m.id, token };
}

/** A partner of its own, so that its staff and audit log hold only what a test puts there. */
async function ownPartner() {
  return (await createPartner({ name: `Staff ${randomBytes(3).toString('hex')}`, ownerEmail: address('owner') })).id;
}

describe('roles', () => {
  it('a finance member reaches invoices and the overview, and gets 403 insufficient_scope for keys, endpoints, events, requests, versions, staff and audit', async () => {
    const finance = await member(c.partner_id, 'finance');
    for (const path of ['/keys', '/webhook-endpoints', '/events', '/requests', '/settings', '/staff', '/audit']) {
      const res = await dashboard(finance.token).get(path);
      expectEnvelope(res, 403, 'insufficient_scope');
      expect(res.body.errors[0].how_to_fix).toMatch(/owner/);
    }
    expectEnvelope(await dashboard(finance.token).post('/keys', { livemode: false }), 403, 'insufficient_scope');
    expect((await dashboard(finance.token).get('/sessions')).status).toBe(200);
  });

  it('a developer reaches keys, endpoints, events, requests and versions, not staff or the audit log', async () => {
    const developer = await member(c.partner_id, 'developer');
    for (const path of ['/keys', '/webhook-endpoints', '/events', '/requests', '/settings', '/sessions'])
      expect((await dashboard(developer.token).get(path)).status).toBe(200);
    for (const path of ['/staff', '/audit']) expectEnvelope(await dashboard(developer.token).get(path), 403, 'insufficient_scope');
    expectEnvelope(await dashboard(developer.token).post('/staff', { email: address('x'), role: 'finance' }), 403, 'insufficient_scope');
  });

  it('the seeded owners are owners', async () => {
    const me = await dashboard(c.dashboard_session).get('/staff');
    expect(me.status).toBe(200);
    expect(me.body.items).toEqual(expect.arrayContaining([expect.objectContaining({ email: 'owner@demo-partner.test', role: 'owner' })]));
  });
});

describe('step-up', () => {
  it('creating a live key, creating or re-pointing a live endpoint and changing versions need a fresh code; test-mode changes do not', async () => {
    const owner = await member(await ownPartner(), 'owner');
    const refused = await dashboard(owner.token).post('/keys', { livemode: true, name: 'live' });
    expectEnvelope(refused, 403, 'step_up_required');
    expect(refused.body.errors[0].how_to_fix).toContain('POST /dashboard/api/step-up');
    expectEnvelope(
      await dashboard(owner.token).post('/webhook-endpoints', { url: 'http://localhost:4999/hooks', livemode: true }),
      403,
      'step_up_required',
    );
    expectEnvelope(await dashboard(owner.token).post('/settings', { api_version: availableVersions()[0] }), 403, 'step_up_required');
    expect((await dashboard(owner.token).post('/keys', { livemode: false, name: 'test' })).status).toBe(201);
    const testEndpoint = await dashboard(owner.token).post('/webhook-endpoints', { url: 'http://127.0.0.1:9/t', livemode: false });
    expect(testEndpoint.status).toBe(201);

    // Step up with the e-mailed code.
    const asked = await dashboard(owner.token).post('/step-up');
    expect(asked.status).toBe(202);
    expect(asked.body).toMatchObject({ object: 'step_up', email: owner.email });
    expectEnvelope(await dashboard(owner.token).post('/step-up/verify', { code: '0000000000' }), 400, 'invalid_request');
    const code = await latestCode(owner.email, 'step-up code');
    const verified = await dashboard(owner.token).post('/step-up/verify', { code });
    expect(verified.status).toBe(200);
    expect(Date.parse(verified.body.stepped_up_until) - Date.now()).toBeGreaterThan(9 * 60 * 1000);
    expect(
      outbox()
        .filter((m) => m.to === owner.email)
        .every((m) => !/\d{6}/.test(m.subject)),
    ).toBe(true);

    const live = await dashboard(owner.token).post('/keys', { livemode: true, name: 'live' });
    expect(live.status).toBe(201);
    const endpoint = await dashboard(owner.token).post('/webhook-endpoints', { url: 'http://localhost:4999/hooks', livemode: true });
    expect(endpoint.status).toBe(201);
    expect((await dashboard(owner.token).post('/settings', { api_version: availableVersions()[0] })).status).toBe(200);
  });

  it('re-pointing a live endpoint needs a step-up, editing its description does not', async () => {
    const partnerId = await ownPartner();
    const stepped = await member(partnerId, 'owner', true);
    const created = (await dashboard(stepped.token).post('/webhook-endpoints', { url: 'http://localhost:4999/a', livemode: true })).body;
    const plain = await member(partnerId, 'developer');
    const patch = (body: unknown) =>
      api(undefined, { Authorization: `Bearer ${plain.token}` }).send(
        'PATCH',
        `${c.dashboard_url}/api/webhook-endpoints/${created.id}`,
        body,
      );
    expect((await patch({ description: 'renamed' })).status).toBe(200);
    expectEnvelope(await patch({ url: 'http://localhost:4999/b' }), 403, 'step_up_required');
  });

  it('a step-up holds for the one session that stepped up: a new session of the same person, signed in with a code, is not', async () => {
    const email = address('fresh');
    await addStaffMember(c.other_partner.partner_id, email, 'developer');
    const first = await signIn(email);
    expectEnvelope(await dashboard(first).post('/keys', { livemode: true, name: 'fresh live' }), 403, 'step_up_required');
    await stepUp(first, email);
    expect((await dashboard(first).post('/keys', { livemode: true, name: 'stepped live' })).status).toBe(201);
    const second = await signIn(email);
    expectEnvelope(await dashboard(second).post('/keys', { livemode: true, name: 'second live' }), 403, 'step_up_required');
  });

  it('every destructive live act needs a step-up; the same acts in test mode do not', async () => {
    const partnerId = await ownPartner();
    const stepped = await member(partnerId, 'owner', true);
    const plain = await member(partnerId, 'owner');
    const as = (m: { token: string }) => dashboard(m.token);
    const liveKey = (await as(stepped).post('/keys', { livemode: true, name: 'live' })).body;
    const testKey = (await as(stepped).post('/keys', { livemode: false, name: 'test' })).body;
    const endpoint = async (livemode: boolean) =>
      (
        await as(stepped).post('/webhook-endpoints', {
          url: `http://localhost:4999/${randomBytes(3).toString('hex')}`,
          livemode,
          enabled_events: ['company.*'],
        })
      ).body;
    const live = await endpoint(true);
    const testEndpoint = await endpoint(false);
    const since = new Date(Date.now() - 60_000).toISOString();
    const patch = (id: string, body: unknown) =>
      api(undefined, { Authorization: `Bearer ${plain.token}` }).send('PATCH', `${c.dashboard_url}/api/webhook-endpoints/${id}`, body);

    expectEnvelope(await as(plain).post(`/keys/${liveKey.id}/revoke`), 403, 'step_up_required');
    expectEnvelope(await as(plain).post(`/webhook-endpoints/${live.id}/disable`), 403, 'step_up_required');
    expectEnvelope(await as(plain).post(`/webhook-endpoints/${live.id}/recover`, { since }), 403, 'step_up_required');
    expectEnvelope(await patch(live.id, { enabled_events: ['company.created'] }), 403, 'step_up_required');
    expectEnvelope(
      await api(undefined, { Authorization: `Bearer ${plain.token}` }).delete(`${c.dashboard_url}/api/webhook-endpoints/${live.id}`),
      403,
      'step_up_required',
    );
    // Widening a live endpoint's events takes nothing from anyone: no step-up.
    expect((await patch(live.id, { enabled_events: ['company.*', 'service_order.*'] })).status).toBe(200);
    expect((await as(stepped).get(`/keys`)).body.items.find((k: { id: string }) => k.id === liveKey.id).revoked_at).toBeNull();

    expect((await as(plain).post(`/keys/${testKey.id}/revoke`)).status).toBe(200);
    expect((await as(plain).post(`/webhook-endpoints/${testEndpoint.id}/disable`)).status).toBe(200);
    expect((await patch(testEndpoint.id, { enabled_events: ['company.created'] })).status).toBe(200);

    expect((await as(stepped).post(`/keys/${liveKey.id}/revoke`)).status).toBe(200);
    expect((await as(stepped).post(`/webhook-endpoints/${live.id}/disable`)).status).toBe(200);
  });
});

describe('staff', () => {
  it('an owner invites and removes; removal ends every session of theirs at once and stops their sign-in', async () => {
    const partnerId = await ownPartner();
    const owner = await member(partnerId, 'owner', true);
    const email = address('invited');
    const invited = await dashboard(owner.token).post('/staff', { email, role: 'developer' });
    expect(invited.status).toBe(201);
    expect(invited.body).toEqual({
      object: 'staff_member',
      id: expect.stringMatching(/^stf_[0-9A-Za-z]{22}$/),
      email,
      role: 'developer',
      status: 'invited',
      created_at: expect.any(String),
    });
    expect(await mailCountTo(email, 200)).toBe(1);
    expect((await dashboard(owner.token).get('/staff')).body.items.map((m: any) => m.id)).toContain(invited.body.id);

    // The new member signs in twice (two devices).
    const first = await signIn(email);
    const second = await signIn(email);
    expect((await dashboard(first).get('/keys')).status).toBe(200);

    const removed = await dashboard(owner.token).post(`/staff/${invited.body.id}/remove`);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ object: 'staff_member', id: invited.body.id, email, role: 'developer' });
    expect(removed.body.removed_at).toEqual(expect.any(String));
    expectEnvelope(await dashboard(first).get('/keys'), 401, 'api_key_invalid');
    expectEnvelope(await dashboard(second).get('/sessions'), 401, 'api_key_invalid');
    expect((await dashboard(owner.token).get('/staff')).body.items.map((m: any) => m.id)).not.toContain(invited.body.id);
    // Their address now signs in nowhere: the same answer as any address, and no e-mail.
    const before = outbox().filter((m) => m.to === email).length;
    expect((await dashboard().post('/sign-in', { email })).status).toBe(202);
    expect(await mailCountTo(email)).toBe(before);
  });

  it('changing staff needs a step-up; bad input, this partner’s own member and the last owner are refused with the envelope', async () => {
    const partnerId = await ownPartner();
    const plain = await member(partnerId, 'owner');
    expectEnvelope(await dashboard(plain.token).post('/staff', { email: address('x'), role: 'finance' }), 403, 'step_up_required');
    const owner = await member(partnerId, 'owner', true);
    const bad = await dashboard(owner.token).post('/staff', { email: 'not-an-address', role: 'admin' });
    expectEnvelope(bad, 400, 'invalid_request');
    expect(bad.body.errors.map((e: any) => e.location).sort()).toEqual(['$.email', '$.role']);
    expect(bad.body.errors.find((e: any) => e.location === '$.role').how_to_fix).toMatch(/owner|developer|finance/);
    // Another partner's owner is invited like anyone; this partner's own member is 409.
    expect((await dashboard(owner.token).post('/staff', { email: 'owner@demo-partner.test', role: 'finance' })).status).toBe(201);
    const taken = await dashboard(owner.token).post('/staff', { email: plain.email, role: 'finance' });
    expectEnvelope(taken, 409, 'resource_already_exists');
    expect(taken.body.errors[0].how_to_fix).toMatch(/"email"/);
    expectEnvelope(await dashboard(owner.token).post('/staff/stf_7Hq2Lr9XvB3kTz5NcW1pYd/remove'), 404, 'resource_missing');
    expectEnvelope(await dashboard(owner.token).post('/staff/not-an-id/remove'), 400, 'invalid_request');
    // No one removes or clears the lockout of themselves, even with another owner there: another owner does.
    for (const act of ['remove', 'clear-lockout']) {
      const self = await dashboard(owner.token).post(`/staff/${owner.id}/${act}`);
      expectEnvelope(self, 400, 'invalid_request');
      expect(self.body.errors[0]).toMatchObject({ location: 'staffID', reason: 'is the signed-in member' });
      expect(self.body.errors[0].how_to_fix).toContain(`POST /dashboard/api/staff/${owner.id}/${act}`);
    }
    expect((await dashboard(owner.token).get('/staff')).body.items.find((m: any) => m.id === owner.id).status).toBe('active');
    // Two owners: one may go; the last may not (no session can ask it now, so the rule is asked directly).
    expect((await dashboard(owner.token).post(`/staff/${plain.id}/remove`)).status).toBe(200);
    const last = await removeStaff(partnerId, owner.id).catch((e: unknown) => e as ApiError);
    expect(last).toBeInstanceOf(ApiError);
    expect((last as ApiError).errors?.[0].how_to_fix).toMatch(/"role": "owner"/);
  });
});

describe('sessions', () => {
  it('lists one’s own sessions without tokens, and signs out everywhere, this session included', async () => {
    const email = address('sessions');
    await addStaffMember(c.partner_id, email, 'developer');
    const one = await signIn(email);
    const two = await signIn(email);
    const listed = await dashboard(two).get('/sessions');
    expect(listed.status).toBe(200);
    expect(listed.body.object).toBe('list');
    expect(listed.body.items).toHaveLength(2);
    for (const s of listed.body.items) {
      expect(Object.keys(s).sort()).toEqual(['created_at', 'current', 'id', 'ip', 'last_used_at', 'object']);
      expect(s).toMatchObject({ object: 'dashboard_session', id: expect.stringMatching(/^sess_/), ip: '127.0.0.1' });
    }
    expect(listed.body.items.filter((s: any) => s.current)).toHaveLength(1);
    expect(listed.text).not.toContain(one);
    expect(listed.text).not.toContain(two);
    // Another person's sessions are not listed.
    expect((await dashboard(c.dashboard_session).get('/sessions')).body.items.map((s: any) => s.id)).not.toEqual(
      expect.arrayContaining(listed.body.items.map((s: any) => s.id)),
    );
    const out = await dashboard(one).post('/sessions/sign-out-everywhere');
    expect(out.status).toBe(200);
    expectEnvelope(await dashboard(one).get('/sessions'), 401, 'api_key_invalid');
    expectEnvelope(await dashboard(two).get('/keys'), 401, 'api_key_invalid');
    // A new sign-in works again.
    expect((await dashboard(await signIn(email)).get('/sessions')).body.items).toHaveLength(1);
  });
});

describe('audit log', () => {
  it('records who changed keys, endpoints, versions and staff, from which address, newest first; nothing can change it', async () => {
    const partnerId = await ownPartner();
    const owner = await member(partnerId, 'owner', true);
    const key = (await dashboard(owner.token).post('/keys', { livemode: true, name: 'audited' })).body;
    await dashboard(owner.token).post(`/keys/${key.id}/revoke`);
    const endpoint = (await dashboard(owner.token).post('/webhook-endpoints', { url: 'http://127.0.0.1:9/a', livemode: false })).body;
    await dashboard(owner.token).post(`/webhook-endpoints/${endpoint.id}/disable`);
    await dashboard(owner.token).post('/settings', { webhook_version: availableVersions()[0] });
    const invited = (await dashboard(owner.token).post('/staff', { email: address('audit'), role: 'finance' })).body;
    await dashboard(owner.token).post(`/staff/${invited.id}/remove`);

    const log = await dashboard(owner.token).get('/audit?limit=100');
    expect(log.status).toBe(200);
    expect(log.body.object).toBe('list');
    expect(Object.keys(log.body.page).sort()).toEqual(['end_cursor', 'has_next_page', 'has_prev_page', 'limit', 'start_cursor', 'total']);
    expect(log.body.items.map((e: any) => [e.action, e.target])).toEqual([
      ['staff_member.removed', invited.id],
      ['staff_member.invited', invited.id],
      ['settings.updated', 'settings'],
      ['webhook_endpoint.disabled', endpoint.id],
      ['webhook_endpoint.created', endpoint.id],
      ['api_key.revoked', key.id],
      ['api_key.created', key.id],
    ]);
    for (const e of log.body.items) {
      expect(Object.keys(e).sort()).toEqual([
        'action',
        'actor_email',
        'actor_kind',
        'created_at',
        'details',
        'hash',
        'id',
        'ip',
        'livemode',
        'object',
        'previous_hash',
        'target',
      ]);
      expect(e).toMatchObject({ object: 'audit_entry', actor_email: owner.email, actor_kind: 'staff', ip: '127.0.0.1' });
      expect(e.id).toMatch(/^aud_/);
      expect(e.hash).toMatch(/^[0-9a-f]{64}$/);
    }
    // What changed, before and after, never a secret; each entry chained to the one before it.
    const created = log.body.items.find((e: any) => e.action === 'api_key.created');
    expect(created).toMatchObject({ livemode: true, details: { after: { name: 'audited', scopes: ['*'], revoked_at: null } } });
    expect(JSON.stringify(log.body.items)).not.toContain(key.secret);
    expect(log.body.items.find((e: any) => e.action === 'api_key.revoked').details.after.revoked_at).toEqual(expect.any(String));
    expect(log.body.items.find((e: any) => e.action === 'settings.updated').details).toEqual({
      before: { webhook_version: expect.any(String) },
      after: { webhook_version: availableVersions()[0] },
    });
    expect(chainProblem(log.body.items)).toBeNull();
    for (let i = 0; i + 1 < log.body.items.length; i++) expect(log.body.items[i].previous_hash).toBe(log.body.items[i + 1].hash);
    expect(log.body.items.at(-1).previous_hash).toBeNull();
    // Filtered by action and by actor.
    const revocations = await dashboard(owner.token).get('/audit?action=api_key.revoked');
    expect(revocations.body.items.map((e: any) => e.target)).toEqual([key.id]);
    expect((await dashboard(owner.token).get(`/audit?actor_email=${encodeURIComponent('someone@else.test')}`)).body.items).toEqual([]);
    expectEnvelope(await dashboard(owner.token).get('/audit?action=api_key.deleted'), 400, 'invalid_request');
    expect(log.body.page.total).toBe(7);
    const paged = await dashboard(owner.token).get('/audit?limit=3');
    expect(paged.body.items).toHaveLength(3);
    const next = await dashboard(owner.token).get(`/audit?limit=3&after=${encodeURIComponent(paged.body.page.end_cursor)}`);
    expect(next.body.items[0].id).toBe(log.body.items[3].id);
    // No route edits or deletes an entry.
    for (const method of ['DELETE', 'PATCH', 'PUT', 'POST'])
      expect(
        (await api(undefined, { Authorization: `Bearer ${owner.token}` }).send(method, `${c.dashboard_url}/api/audit`, {})).status,
      ).toBe(405);
    // Another partner's owner sees none of it.
    expect((await dashboard(c.dashboard_session).get('/audit?limit=100')).body.items.map((e: any) => e.id)).not.toContain(
      log.body.items[0].id,
    );
  });
});

describe('sign-in e-mail', () => {
  it('carries no code in its subject, and a ten-digit code in its text', async () => {
    const email = address('subject');
    await addStaffMember(c.partner_id, email, 'finance');
    await dashboard().post('/sign-in', { email });
    const code = await latestCode(email, 'sign-in code');
    const mail = outbox()
      .filter((m) => m.to === email)
      .pop()!;
    expect(mail.subject).toBe('Your dashboard sign-in code');
    expect(mail.subject).not.toContain(code);
    expect(code).toMatch(/^\d{10}$/);
    // A stepped-up session asks for no code it has; the step-up code is e-mailed too.
    const token = await signIn(email);
    await stepUp(token, email);
  });
});
