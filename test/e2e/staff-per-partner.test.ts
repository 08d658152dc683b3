import { randomBytes } from 'node:crypto';
import { useStackDatabase } from '../support/stack';
import { dashboard, latestCode, mailsAbout } from '../support/dashboard';
import { addStaffMember } from '../../lib/dashboard/staff';
import { createSession } from '../../lib/dashboard/session';
import { createPartner } from '../../lib/partners/partner';

/**
 * Staff addresses are private to each partner (the API surface's "Staff, sessions
 * and audit"): membership is per partner, an invitation is the same answer whatever the address, the
 * person accepts it by signing in, and an address that is staff of several partners reaches each.
 */
useStackDatabase();

const address = (what: string) => `${what}-${randomBytes(6).toString('hex')}@per-partner.test`;

/** A partner of its own and a stepped-up owner's session there. */
async function partnerWithOwner(name: string) {
  const partner = await createPartner({ name: `${name} ${randomBytes(3).toString('hex')}`, ownerEmail: address('owner') });
  const email = address('owner');
  await addStaffMember(partner.id, email, 'owner');
  const { token } = await createSession({ partnerId: partner.id, email, steppedUpForMs: 10 * 60 * 1000 });
  return { id: partner.id, name: partner.name, email, as: dashboard(token) };
}

/** What an answer says apart from what is minted for it (its id and time). */
const shapeOf = (body: Record<string, unknown>) => ({ ...body, id: typeof body.id, created_at: typeof body.created_at });

/** Asks for a code and returns it (from the outbox), for a script on the JSON face. */
async function codeFor(email: string) {
  const seen = mailsAbout(email, 'sign-in code').length;
  expect((await dashboard().post('/sign-in', { email })).status).toBe(202);
  return latestCode(email, 'sign-in code', seen);
}

describe('staff addresses private to each partner', () => {
  it('two partners invite the same address: both 201 invited with the same answer, and each lists only its own', async () => {
    const a = await partnerWithOwner('Alpha');
    const b = await partnerWithOwner('Beta');
    const person = address('shared');

    const fromA = await a.as.post('/staff', { email: person, role: 'developer' });
    const fromB = await b.as.post('/staff', { email: person, role: 'developer' });
    expect(fromA.status).toBe(201);
    expect(fromB.status).toBe(201);
    expect(fromA.body).toMatchObject({ object: 'staff_member', email: person, role: 'developer', status: 'invited' });
    expect(shapeOf(fromB.body)).toEqual(shapeOf(fromA.body));
    expect(fromB.body.id).not.toBe(fromA.body.id);

    // Another partner's own owner is invited like anyone: no 409, nothing said of the other dashboard.
    const squat = await a.as.post('/staff', { email: b.email, role: 'developer' });
    expect(squat.status).toBe(201);
    expect(shapeOf(squat.body)).toEqual({ ...shapeOf(fromA.body), email: b.email });
    expect(squat.text).not.toContain(b.id);

    const listA = (await a.as.get('/staff')).body.items;
    const listB = (await b.as.get('/staff')).body.items;
    expect(listA.map((m: any) => m.id)).toEqual(expect.arrayContaining([fromA.body.id, squat.body.id]));
    expect(listA.map((m: any) => m.id)).not.toContain(fromB.body.id);
    expect(listB.map((m: any) => m.id)).toContain(fromB.body.id);
    expect(listB.map((m: any) => m.id)).not.toContain(fromA.body.id);
    expect(listB.map((m: any) => m.id)).not.toContain(squat.body.id);
    for (const m of [...listA, ...listB]) expect(Object.keys(m).sort()).toEqual(['created_at', 'email', 'id', 'object', 'role', 'status']);
    // B's owner is still only B's: their sign-in, naming no partner, opens B (A's invitation stays open until they accept it).
    expect(listB.find((m: any) => m.email === b.email).status).toBe('active');
    const owner = await dashboard().post('/sign-in/verify', { email: b.email, code: await codeFor(b.email) });
    expect(owner.status).toBe(201);
    expect(owner.body.partner_id).toBe(b.id);

    // Each invitation e-mail names its own partner's sign-in link.
    const invitations = mailsAbout(person, 'invited');
    expect(invitations.map((m) => /sign-in\?partner=(ptr_\w+)/.exec(m.text)?.[1]).sort()).toEqual([a.id, b.id].sort());
  });

  it('the person signs in to each partner; the first sign-in to each accepts its invitation', async () => {
    const a = await partnerWithOwner('Gamma');
    const b = await partnerWithOwner('Delta');
    const person = address('two-dashboards');
    const memberA = (await a.as.post('/staff', { email: person, role: 'developer' })).body;
    const memberB = (await b.as.post('/staff', { email: person, role: 'finance' })).body;

    // A right code without a choice: the holder of the code is shown their dashboards, and the code stays good.
    const code = await codeFor(person);
    const choose = await dashboard().post('/sign-in/verify', { email: person, code });
    expect(choose.status).toBe(400);
    expect(choose.body.code).toBe('invalid_request');
    expect(choose.body.errors[0].location).toBe('$.partner_id');
    expect(choose.body.errors[0].how_to_fix).toContain(a.id);
    expect(choose.body.errors[0].how_to_fix).toContain(b.id);
    const intoA = await dashboard().post('/sign-in/verify', { email: person, code, partner_id: a.id });
    expect(intoA.status).toBe(201);
    expect(intoA.body).toMatchObject({ partner_id: a.id, email: person, role: 'developer' });
    // The code is used up now.
    expect((await dashboard().post('/sign-in/verify', { email: person, code, partner_id: b.id })).status).toBe(400);

    const statusIn = async (owner: typeof a, id: string) => (await owner.as.get('/staff')).body.items.find((m: any) => m.id === id).status;
    expect(await statusIn(a, memberA.id)).toBe('active');
    expect(await statusIn(b, memberB.id)).toBe('invited');
    // The session is A's: A's keys, not B's invoices.
    expect((await dashboard(intoA.body.token).get('/keys')).status).toBe(200);

    const intoB = await dashboard().post('/sign-in/verify', { email: person, code: await codeFor(person), partner_id: b.id });
    expect(intoB.status).toBe(201);
    expect(intoB.body).toMatchObject({ partner_id: b.id, role: 'finance' });
    expect(await statusIn(b, memberB.id)).toBe('active');
    expect((await dashboard(intoB.body.token).get('/invoices')).status).toBe(200);
    expect((await dashboard(intoB.body.token).get('/keys')).status).toBe(403);

    // A partner the address is not staff of is not a choice, even with the right code.
    const other = await partnerWithOwner('Epsilon');
    const refused = await dashboard().post('/sign-in/verify', { email: person, code: await codeFor(person), partner_id: other.id });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].location).toBe('$.partner_id');
  });

  it('an invitation opens no dashboard before it is accepted, and a removed member’s sessions end in that partner alone', async () => {
    const a = await partnerWithOwner('Zeta');
    const b = await partnerWithOwner('Eta');
    const person = address('removed');
    const memberA = (await a.as.post('/staff', { email: person, role: 'developer' })).body;
    await b.as.post('/staff', { email: person, role: 'developer' });
    await expect(createSession({ partnerId: a.id, email: person })).rejects.toThrow(/not staff/);

    const inA = (await dashboard().post('/sign-in/verify', { email: person, code: await codeFor(person), partner_id: a.id })).body.token;
    const inB = (await dashboard().post('/sign-in/verify', { email: person, code: await codeFor(person), partner_id: b.id })).body.token;
    expect((await dashboard(inA).get('/sessions')).status).toBe(200);

    const removed = await a.as.post(`/staff/${memberA.id}/remove`);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ status: 'removed', removed_at: expect.any(String) });
    expect((await dashboard(inA).get('/sessions')).status).toBe(401);
    expect((await dashboard(inB).get('/sessions')).status).toBe(200);
    // The address now signs in to B alone, without a choice.
    const only = await dashboard().post('/sign-in/verify', { email: person, code: await codeFor(person) });
    expect(only.status).toBe(201);
    expect(only.body.partner_id).toBe(b.id);
  });

  it('inviting an open invitation again sends it again; this partner’s active member is 409', async () => {
    const a = await partnerWithOwner('Theta');
    const person = address('again');
    const first = (await a.as.post('/staff', { email: person, role: 'developer' })).body;
    const again = await a.as.post('/staff', { email: person, role: 'finance' });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ id: first.id, role: 'finance', status: 'invited' });
    expect(mailsAbout(person, 'invited')).toHaveLength(2);
    const taken = await a.as.post('/staff', { email: a.email, role: 'finance' });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('resource_already_exists');
    expect(taken.body.detail).toContain('this dashboard');
  });
});
