import { randomBytes } from 'node:crypto';
import { useStackDatabase } from '../support/stack';
import { dashboard, latestCode, mailsAbout } from '../support/dashboard';
import { addStaffMember } from '../../lib/dashboard/staff';
import { createSession } from '../../lib/dashboard/session';
import { createPartner } from '../../lib/partners/partner';
import { MAX_SENDS_PER_ADDRESS } from '../../lib/dashboard/sign-in';
import { chainProblem } from '../../lib/audit/chain';

/**
 * The JSON face's way back in for a locked-out member: an owner clears the lockout
 * (POST /dashboard/api/staff/{staffID}/clear-lockout, stepped up), recorded in the audit log.
 */
const c = useStackDatabase();

const address = (what: string) => `${what}-${randomBytes(6).toString('hex')}@lockout.test`;

async function partnerWith(roles: { owner: boolean; steppedUp: boolean }[]) {
  const partnerId = (await createPartner({ name: `Lockout ${randomBytes(3).toString('hex')}`, ownerEmail: address('owner') })).id;
  const people = [];
  for (const r of roles) {
    const email = address(r.owner ? 'owner' : 'developer');
    const m = await addStaffMember(partnerId, email, r.owner ? 'owner' : 'developer');
    const { token } = await createSession({ partnerId, email, steppedUpForMs: r.steppedUp ? 10 * 60 * 1000 : undefined });
    people.push({ id: m.id, email, as: dashboard(token) });
  }
  return { partnerId, people };
}

describe('clearing a sign-in lockout', () => {
  it('an owner clears a locked-out member: the member signs in again, and the log records it', async () => {
    const {
      people: [owner, plainOwner, developer],
    } = await partnerWith([
      { owner: true, steppedUp: true },
      { owner: true, steppedUp: false },
      { owner: false, steppedUp: true },
    ]);
    const person = address('locked');
    const invited = (await owner.as.post('/staff', { email: person, role: 'developer' })).body;

    // A script's codes use up the address's day: it is locked out (no browser, so no device cookie to fall back on).
    for (let i = 0; i < MAX_SENDS_PER_ADDRESS; i++) expect((await dashboard().post('/sign-in', { email: person })).status).toBe(202);
    const refused = await dashboard().post('/sign-in', { email: person });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('rate_limit');

    // Only an owner, with a stepped-up session, may clear it; another partner's owner cannot even see the member.
    expect((await developer.as.post(`/staff/${invited.id}/clear-lockout`)).body.code).toBe('insufficient_scope');
    const notStepped = await plainOwner.as.post(`/staff/${invited.id}/clear-lockout`);
    expect(notStepped.status).toBe(403);
    expect(notStepped.body.code).toBe('step_up_required');
    const stranger = await dashboard(c.dashboard_session).post(`/staff/${invited.id}/clear-lockout`);
    expect(stranger.status).toBe(404);
    expect(stranger.body.code).toBe('resource_missing');
    expect((await owner.as.post('/staff/not-an-id/clear-lockout')).status).toBe(400);
    expect((await dashboard().post('/sign-in', { email: person })).status).toBe(429);

    const cleared = await owner.as.post(`/staff/${invited.id}/clear-lockout`);
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ object: 'staff_member', id: invited.id, email: person, status: 'invited' });

    // The way back in: a code again, and the sign-in that accepts the invitation.
    const seen = mailsAbout(person, 'sign-in code').length;
    expect((await dashboard().post('/sign-in', { email: person })).status).toBe(202);
    const signedIn = await dashboard().post('/sign-in/verify', { email: person, code: await latestCode(person, 'sign-in code', seen) });
    expect(signedIn.status).toBe(201);

    const log = (await owner.as.get('/audit?action=staff_member.lockout_cleared')).body.items;
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      action: 'staff_member.lockout_cleared',
      target: invited.id,
      actor_email: owner.email,
      actor_kind: 'staff',
      ip: '127.0.0.1',
      details: { email: person },
    });
    const all = (await owner.as.get('/audit?limit=100')).body.items;
    expect(chainProblem(all)).toBeNull();
  });
});
