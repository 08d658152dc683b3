import { useStackDatabase } from '../support/stack';
import { setClock } from '../../lib/clock';
import { createSession, endSession, findSession, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../lib/dashboard/session';

const c = useStackDatabase();
const HOUR = 3600 * 1000;

/** Runs `fn` with the clock at `at`. */
async function at<T>(time: number, fn: () => Promise<T>): Promise<T> {
  const restore = setClock(() => new Date(time));
  try {
    return await fn();
  } finally {
    restore();
  }
}

describe('dashboard sessions', () => {
  const t0 = Date.parse('2026-06-01T08:00:00Z');

  it('ends after 12 idle hours', async () => {
    const { token } = await at(t0, () => createSession({ partnerId: c.partner_id, email: 'owner@demo-partner.test' }));
    expect(await at(t0 + SESSION_IDLE_MS - 1000, () => findSession(token))).toBeDefined();
    const fresh = await at(t0, () => createSession({ partnerId: c.partner_id, email: 'owner@demo-partner.test' }));
    expect(await at(t0 + SESSION_IDLE_MS, () => findSession(fresh.token))).toBeUndefined();
  });

  it('stays open while used, but never beyond 7 days after sign-in', async () => {
    const { token } = await at(t0, () => createSession({ partnerId: c.partner_id, email: 'owner@demo-partner.test' }));
    for (let h = 10; h < SESSION_ABSOLUTE_MS / HOUR; h += 10) {
      expect(await at(t0 + h * HOUR, () => findSession(token))).toBeDefined();
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
