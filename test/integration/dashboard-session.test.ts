import { useStackDatabase } from '../support/stack';
import { atTime as at } from '../support/clock';
import { createSession, endSession, findSession, SESSION_LIFETIMES } from '../../lib/dashboard/session';

const { idleMs: SESSION_IDLE_MS, absoluteMs: SESSION_ABSOLUTE_MS } = SESSION_LIFETIMES.bearer;

const c = useStackDatabase();
const MINUTE = 60 * 1000;

describe('dashboard sessions', () => {
  const t0 = Date.parse('2026-06-01T08:00:00Z');

  it('a bearer session ends after an idle hour', async () => {
    const { token } = await at(t0, () => createSession({ partnerId: c.partner_id, email: 'owner@demo-partner.test' }));
    expect(await at(t0 + SESSION_IDLE_MS - 1000, () => findSession(token))).toBeDefined();
    const fresh = await at(t0, () => createSession({ partnerId: c.partner_id, email: 'owner@demo-partner.test' }));
    expect(await at(t0 + SESSION_IDLE_MS, () => findSession(fresh.token))).toBeUndefined();
  });

  it('stays open while used, but never beyond 8 hours after sign-in', async () => {
    const { token } = await at(t0, () => createSession({ partnerId: c.partner_id, email: 'owner@demo-partner.test' }));
    for (let m = 30; m < SESSION_ABSOLUTE_MS / MINUTE; m += 30) {
      expect(await at(t0 + m * MINUTE, () => findSession(token))).toBeDefined();
    }
    expect(await at(t0 + SESSION_ABSOLUTE_MS, () => findSession(token))).toBeUndefined();
  });

  it('ends at sign-out, and an unknown or malformed token finds nothing', async () => {
    const { token } = await createSession({ partnerId: c.partner_id, email: 'owner@demo-partner.test' });
    expect((await findSession(token))?.partner_id).toBe(c.partner_id);
    await endSession(token);
    expect(await findSession(token)).toBeUndefined();
    expect(await findSession('dss_' + 'x'.repeat(43))).toBeUndefined();
    expect(await findSession('svc_live_abc')).toBeUndefined();
  });
});
