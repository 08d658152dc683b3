import { randomBytes } from 'node:crypto';
import { credentials, useStackDatabase } from '../support/stack';
import { api } from '../support/http';
import { dashboard, latestCode, mailsAbout, sessionFor } from '../support/dashboard';
import { issueApiKey } from '../../lib/auth/api-key';
import { eventually } from '../support/webhooks';
import { addStaffMember } from '../../lib/dashboard/staff';
import { createPartner } from '../../lib/partners/partner';
import { MAX_SENDS_PER_ADDRESS } from '../../lib/dashboard/sign-in';
import { chainProblem } from '../../lib/audit/chain';
import { readLane } from '../../lib/webhooks/lane/lane-state';
import { runOps, type OpsIo } from '../../lib/operator/run-ops';

/**
 * The audit log records every act the API surface lists ("Staff, sessions and audit"): sign-ins and
 * failed ones, lockouts, step-ups, a secret roll asked for, test, resend, retry, recover, a sandbox
 * clock advance, an operator's act on the partner's data, and staff and endpoint changes with what
 * changed, never a secret; and the partner's hash chain still verifies over all of them.
 */
jest.setTimeout(120_000);
useStackDatabase();

const address = (what: string) => `${what}-${randomBytes(6).toString('hex')}@audit-acts.test`;

async function signInWithCode(email: string, wrongFirst = false) {
  const seen = mailsAbout(email, 'sign-in code').length;
  expect((await dashboard().post('/sign-in', { email })).status).toBe(202);
  const code = await latestCode(email, 'sign-in code', seen);
  if (wrongFirst)
    expect((await dashboard().post('/sign-in/verify', { email, code: code === '1111111111' ? '2222222222' : '1111111111' })).status).toBe(
      400,
    );
  const verified = await dashboard().post('/sign-in/verify', { email, code });
  expect(verified.status).toBe(201);
  return verified.body.token as string;
}

async function stepUpWithCode(token: string, email: string) {
  const seen = mailsAbout(email, 'step-up code').length;
  expect((await dashboard(token).post('/step-up')).status).toBe(202);
  const code = await latestCode(email, 'step-up code', seen);
  expect((await dashboard(token).post('/step-up/verify', { code: code === '1111111111' ? '2222222222' : '1111111111' })).status).toBe(400);
  expect((await dashboard(token).post('/step-up/verify', { code })).status).toBe(200);
}

describe('the audit log records every act', () => {
  it('sign-ins, failures, lockouts, step-ups, endpoint acts, the clock, staff and an operator, chained', async () => {
    const partnerId = (await createPartner({ name: `Audit acts ${randomBytes(3).toString('hex')}`, ownerEmail: address('owner') })).id;
    const ownerEmail = address('owner');
    await addStaffMember(partnerId, ownerEmail, 'owner');
    // The owner signs in (a wrong code first) and steps up (a wrong code first).
    const token = await signInWithCode(ownerEmail, true);
    await stepUpWithCode(token, ownerEmail);
    const as = dashboard(token);

    // Staff: an invitation, accepted by signing in; a member locked out, cleared, removed.
    const person = address('person');
    const invited = (await as.post('/staff', { email: person, role: 'developer' })).body;
    await signInWithCode(person);
    for (let i = 0; i < MAX_SENDS_PER_ADDRESS; i++) await dashboard().post('/sign-in', { email: person });
    expect((await dashboard().post('/sign-in', { email: person })).status).toBe(429);
    expect((await as.post(`/staff/${invited.id}/clear-lockout`)).status).toBe(200);
    expect((await as.post(`/staff/${invited.id}/remove`)).status).toBe(200);

    // An endpoint's changes and acts (test mode): create, narrow, test, resend, retry, recover, roll asked, disable, enable, delete.
    const endpoint = (await as.post('/webhook-endpoints', { url: 'http://127.0.0.1:9/audit', livemode: false })).body;
    const patched = await api(undefined, { Authorization: `Bearer ${token}` }).send(
      'PATCH',
      `${credentials().dashboard_url}/api/webhook-endpoints/${endpoint.id}`,
      { description: 'audited' },
    );
    expect(patched.status).toBe(200);
    const tested = await as.post(`/webhook-endpoints/${endpoint.id}/test`);
    expect(tested.status).toBe(202);
    expect((await as.post(`/webhook-endpoints/${endpoint.id}/resend`, { event_id: tested.body.id })).status).toBe(202);
    // The test event's delivery to a closed port fails: the lane waits, and "retry now" wakes it.
    await eventually(async () => (await readLane(endpoint.id))?.waiting_receipts?.length, 60_000, 'a failed first attempt');
    expect((await as.post(`/webhook-endpoints/${endpoint.id}/retry`)).status).toBe(202);
    expect(
      (await as.post(`/webhook-endpoints/${endpoint.id}/recover`, { since: new Date(Date.now() - 60_000).toISOString() })).status,
    ).toBe(202);
    expect((await as.post(`/webhook-endpoints/${endpoint.id}/secret/roll`)).status).toBe(202);
    expect((await as.post(`/webhook-endpoints/${endpoint.id}/disable`)).status).toBe(200);
    expect((await as.post(`/webhook-endpoints/${endpoint.id}/enable`)).status).toBe(200);

    // The test clock, a day on.
    expect((await as.post('/sandbox-clock/advance', { to: new Date(Date.now() + 86_400_000).toISOString() })).status).toBe(202);

    // An operator disables the endpoint with the CLI.
    process.env.LOCAL_DIR = process.env.TEST_LOCAL_DIR;
    const err: string[] = [];
    const io: OpsIo = { out: () => undefined, err: (t) => err.push(t), ask: async () => 'yes' };
    const code = await runOps(
      ['endpoint-disable', endpoint.id, '--partner', partnerId, '--mode', 'test', '--stage', 'local', '--as', 'ops@platform'],
      io,
    );
    expect(err.join('\n')).toBe('');
    expect(code).toBe(0);

    const log = (await as.get('/audit?limit=100')).body.items as any[];
    const actions = new Set(log.map((e) => e.action));
    for (const action of [
      'session.signed_in',
      'session.sign_in_failed',
      'session.locked_out',
      'session.stepped_up',
      'session.step_up_failed',
      'staff_member.invited',
      'staff_member.lockout_cleared',
      'staff_member.removed',
      'webhook_endpoint.created',
      'webhook_endpoint.updated',
      'webhook_endpoint.tested',
      'webhook_endpoint.resent',
      'webhook_endpoint.retried',
      'webhook_endpoint.recovered',
      'webhook_endpoint.secret_roll_requested',
      'webhook_endpoint.disabled',
      'webhook_endpoint.enabled',
      'sandbox_clock.advanced',
      'operator.acted',
    ])
      expect([action, actions.has(action)]).toEqual([action, true]);

    // Each act names who, from where, and what changed; never a secret.
    const one = (action: string) => log.find((e) => e.action === action);
    expect(log.find((e) => e.action === 'session.signed_in' && e.actor_email === ownerEmail)).toMatchObject({
      actor_kind: 'staff',
      ip: '127.0.0.1',
      target: expect.stringMatching(/^stf_/),
    });
    const accepted = log.find((e) => e.action === 'session.signed_in' && e.actor_email === person);
    expect(accepted.details).toMatchObject({ kind: 'bearer', before: { status: 'invited' }, after: { status: 'active' } });
    expect(one('session.locked_out').details.after.locked_until).toEqual(expect.any(String));
    expect(one('session.stepped_up').details.after.stepped_up_until).toEqual(expect.any(String));
    expect(one('staff_member.invited').details).toEqual({ after: { email: person, role: 'developer', status: 'invited' } });
    expect(one('webhook_endpoint.created')).toMatchObject({ livemode: false, details: { after: { url: 'http://127.0.0.1:9/audit' } } });
    expect(one('webhook_endpoint.updated').details).toEqual({ before: { description: '' }, after: { description: 'audited' } });
    expect(one('webhook_endpoint.disabled').details).toMatchObject({ before: { status: 'enabled' }, after: { status: 'disabled' } });
    expect(one('webhook_endpoint.tested').details.event_id).toBe(tested.body.id);
    expect(one('sandbox_clock.advanced')).toMatchObject({ livemode: false, target: 'sandbox_clock' });
    expect(one('operator.acted')).toMatchObject({
      actor_kind: 'operator',
      actor_email: 'ops@platform',
      ip: null,
      target: 'endpoint-disable',
      details: { command: 'endpoint-disable', arguments: [endpoint.id] },
    });
    expect(JSON.stringify(log)).not.toMatch(/whsec_|svc_(live|test)_|dss_/);

    // Filterable by action and by actor; the chain verifies over all of it.
    expect((await as.get('/audit?action=session.sign_in_failed')).body.items.every((e: any) => e.action === 'session.sign_in_failed')).toBe(
      true,
    );
    expect((await as.get(`/audit?actor_email=${encodeURIComponent(person)}`)).body.items.every((e: any) => e.actor_email === person)).toBe(
      true,
    );
    expect(chainProblem(log)).toBeNull();
    for (let i = 0; i + 1 < log.length; i++) expect(log[i].previous_hash).toBe(log[i + 1].hash);
    expect(log.at(-1).previous_hash).toBeNull();
  });

  it("keeps to the contract's two actors: an API key's sandbox clock advance is in the request log, not the audit log", async () => {
    const partnerId = (await createPartner({ name: `Audit clock ${randomBytes(3).toString('hex')}`, ownerEmail: address('owner') })).id;
    const key = await issueApiKey({ partnerId, mode: 'test', name: 'CI clock' });
    const to = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const advanced = await api(key.secret).post('/sandbox/clock/advance', { to });
    expect(advanced.status).toBe(202);
    const { token } = await sessionFor(partnerId);
    const log = (await dashboard(token).get('/audit?limit=100')).body.items as any[];
    expect(log.filter((e) => e.action === 'sandbox_clock.advanced')).toEqual([]);
    expect(log.filter((e) => !['staff', 'operator'].includes(e.actor_kind))).toEqual([]);
    const requests = (await api(key.secret).get('/requests?limit=10')).body.items as any[];
    expect(requests.some((r) => r.method === 'POST' && r.path === '/v1/sandbox/clock/advance' && r.status === 202)).toBe(true);
  });
});
