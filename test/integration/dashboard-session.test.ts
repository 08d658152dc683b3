import { useStackDatabase } from '../support/stack';
import { atTime as at } from '../support/clock';
import { createSession, csrfMatches, endSession, findSession, SESSION_LIFETIMES, sessionTokenHash } from '../../lib/dashboard/session';
import { GetCommand, UpdateCommand } from '../../lib/store/dynamodb';
import { db, tableName } from '../../lib/store/client';
import { dashboardSessionKey } from '../../lib/store/keys';

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

  const storedItem = async (token: string) =>
    (await db().send(new GetCommand({ TableName: tableName(), Key: dashboardSessionKey(sessionTokenHash(token)), ConsistentRead: true })))
      .Item!;

  it('stores no CSRF token: the item holds neither it nor what gives it, and the token found again checks', async () => {
    const { token, session } = await createSession({ partnerId: c.partner_id, email: 'owner@demo-partner.test', kind: 'cookie' });
    const item = await storedItem(token);
    expect(item.csrf_token).toBeUndefined();
    expect(JSON.stringify(item)).not.toContain(session.csrf_token);
    const found = await findSession(token);
    expect(csrfMatches(found!.csrf_token, session.csrf_token)).toBe(true);
    // Another session's token does not pass for this one.
    const other = await createSession({ partnerId: c.partner_id, email: 'owner@demo-partner.test', kind: 'cookie' });
    expect(csrfMatches(found!.csrf_token, other.session.csrf_token)).toBe(false);
  });

  it('keeps a session opened with a clear CSRF token working on the derived one, never the clear one, and removes it at its next use', async () => {
    const { token, session } = await at(t0, () =>
      createSession({ partnerId: c.partner_id, email: 'owner@demo-partner.test', kind: 'cookie' }),
    );
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: dashboardSessionKey(sessionTokenHash(token)),
        UpdateExpression: 'SET csrf_token = :t',
        ExpressionAttributeValues: { ':t': 'clear-token-of-an-old-session' },
      }),
    );
    const found = await at(t0 + 2 * MINUTE, () => findSession(token));
    expect(found?.csrf_token).toBe(session.csrf_token);
    expect((await storedItem(token)).csrf_token).toBeUndefined();
  });
});
