import { randomBytes } from 'node:crypto';
import { api } from '../support/http';
import { credentials } from '../support/stack';
import { dashboard, outbox, signIn } from '../support/dashboard';
import { runOps, type OpsIo } from '../../lib/operator/run-ops';
import { auditOfMonth } from '../../lib/operator/audit';

/**
 * docs/platform.md, "Going live": from a deployed stage with no partner to that partner's first `GET /me`, on the
 * local runtime. The operator creates the partner and its owner; the owner signs in with the code the
 * sign-in e-mails (the runtime's outbox), creates a key in the dashboard, and calls the API with it.
 * Nothing secret passes through the operator: the CLI prints no key, no code, no session.
 */
jest.setTimeout(90_000);

async function ops(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: OpsIo = { out: (t) => out.push(t), err: (t) => err.push(t), ask: async () => 'yes' };
  const code = await runOps(argv, io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('going live: the first partner, end to end', () => {
  const c = credentials();
  process.env.LOCAL_DIR = process.env.TEST_LOCAL_DIR; // the CLI finds the runtime through its credentials.json
  const email = `owner-${randomBytes(4).toString('hex')}@first-partner.example`;

  it('walks from a partner that does not exist to its first GET /me', async () => {
    // 1. The operator: a partner and its owner, nothing more.
    const created = await ops([
      'create-partner',
      '--name',
      'First Partner, Inc.',
      '--owner-email',
      email,
      '--stage',
      'local',
      '--as',
      'ops@platform',
    ]);
    expect(created.err).toBe('');
    expect(created.code).toBe(0);
    const result = JSON.parse(created.out);
    expect(result).toMatchObject({
      partner: { id: expect.stringMatching(/^ptr_/), name: 'First Partner, Inc.' },
      owner: { email, role: 'owner' },
      sign_in_url: `${new URL(c.base_url).origin}/dashboard/sign-in`,
    });
    // No secret is printed: no key, no session, no code.
    expect(created.out).not.toMatch(/svc_(live|test)_|dss_|\b\d{6,10}\b/);
    const audited = (await auditOfMonth(new Date().toISOString().slice(0, 7))).filter(
      (a) => a.action === 'create-partner' && a.argv.includes(email),
    );
    expect(audited.map((a) => a.outcome)).toEqual(['started', 'succeeded']);
    expect(audited[1]).toMatchObject({ operator: 'ops@platform' });

    // 2. The owner signs in with the e-mailed code (what the dashboard's sign-in page does).
    const session = await signIn(email);
    expect(outbox().some((m) => m.to === email)).toBe(true);

    // 3. The owner creates a key: its secret is shown once, to them.
    const key = await dashboard(session).post('/keys', { livemode: false, name: 'First key' });
    expect(key.status).toBe(201);
    expect(key.body.secret).toMatch(/^svc_test_/);

    // 4. The partner's first call.
    const me = await api(key.body.secret).get('/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      object: 'caller',
      partner_id: result.partner.id,
      partner_name: 'First Partner, Inc.',
      livemode: false,
      key_name: 'First key',
    });
  });

  it('makes a second partner for an address that is already staff (membership is per partner), and refuses a run without a stage', async () => {
    const again = await ops(['create-partner', '--name', 'Twice', '--owner-email', email, '--stage', 'local']);
    expect(again.err).toBe('');
    expect(again.code).toBe(0);
    expect(JSON.parse(again.out)).toMatchObject({ partner: { id: expect.stringMatching(/^ptr_/) }, owner: { email, role: 'owner' } });
    const noStage = await ops(['create-partner', '--name', 'Nowhere', '--owner-email', 'x@y.example']);
    expect(noStage.code).toBe(2);
    expect(noStage.err).toContain('--stage is required');
  });
});
