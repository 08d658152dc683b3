import { randomBytes } from 'node:crypto';
import { useStackDatabase } from '../support/stack';
import { atTime as at } from '../support/clock';
import { db } from '../../lib/store/client';
import { countRoundTrips, countRoundTripsOn } from '../../bench/round-trip-counter';
import { addStaffMember } from '../../lib/dashboard/staff';
import {
  MAX_SENDS_PER_ADDRESS,
  MAX_WRONG_PER_ADDRESS,
  SIGN_IN_CODE_ATTEMPTS,
  startSignIn,
  verifySignIn,
  signInIpLimit,
} from '../../lib/dashboard/sign-in';
import { hashOneTimeCode } from '../../lib/crypto/one-time-code';
import { putSignInCode, signInCodesOf } from '../../lib/store/entities/sign-in';
import { ApiError } from '../../lib/errors';
import { mailQueueClient } from '../../lib/email/mail-queue';

/**
 * The sign-in caps (lib/dashboard/sign-in.ts) against the real table, called as the routes call them,
 * each case from a source address of its own (the suite's runtime lifts the per-source limit for
 * 127.0.0.1; this process keeps the default).
 */
const c = useStackDatabase();
countRoundTripsOn(db());
// The mail queue's sends are counted with the table's requests: the code's e-mail is one of them.
countRoundTripsOn(mailQueueClient() as unknown as Parameters<typeof countRoundTripsOn>[0]);
const HOUR = 3600 * 1000;

const fresh = (what = 'staff') => `${what}-${randomBytes(6).toString('hex')}@limits.test`;
const anIp = () => `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
let ipCounter = 0;
/** A source address no other case uses (documentation range 2001:db8::/32). */
const ownIp = () => `2001:db8::${(++ipCounter).toString(16)}:${randomBytes(2).toString('hex')}`;

async function refusal(work: Promise<unknown>): Promise<ApiError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

/** A code we know for `email`, bound to `from` (the e-mail is not read: the code is planted as the route stores one). */
async function plantCode(email: string, member: { partner_id: string; id: string }, requesterOf: string, createdAt: number, code: string) {
  const { createHash } = await import('node:crypto');
  await putSignInCode({
    id: randomBytes(6).toString('hex'),
    email,
    code_hash: await hashOneTimeCode('sign-in', email, code),
    partner_id: member.partner_id,
    staff_id: member.id,
    requester: createHash('sha256').update(requesterOf).digest('hex'),
    attempts: 0,
    created_at: new Date(createdAt).toISOString(),
    expires_at: new Date(createdAt + 10 * 60 * 1000).toISOString(),
  });
}

describe('sign-in that cannot be worn down', () => {
  it(`sends at most ${MAX_SENDS_PER_ADDRESS} codes per address per day, then locks it for a day, twice as long the next time`, async () => {
    const email = fresh();
    await addStaffMember(c.partner_id, email);
    const t0 = Date.now();
    for (let i = 0; i < MAX_SENDS_PER_ADDRESS; i++) await at(t0 + i, () => startSignIn(email, { ip: ownIp() }));
    const locked = await refusal(at(t0 + 10, () => startSignIn(email, { ip: ownIp() })));
    expect(locked.code).toBe('rate_limit');
    expect(Number(locked.headers['Retry-After'])).toBeGreaterThan(23 * 3600);
    expect(locked.errors?.[0].how_to_fix).toMatch(/browser/);
    // A day later the address may ask again; reaching the cap again locks it for two days.
    const t1 = t0 + 24 * HOUR + 1000;
    for (let i = 0; i < MAX_SENDS_PER_ADDRESS; i++) await at(t1 + i, () => startSignIn(email, { ip: ownIp() }));
    const again = await refusal(at(t1 + 10, () => startSignIn(email, { ip: ownIp() })));
    expect(Number(again.headers['Retry-After'])).toBeGreaterThan(47 * 3600);
  });

  it('wrong codes from a client that never asked for one lock no one out (ten of them made the next sign-in a 429)', async () => {
    const email = fresh();
    await addStaffMember(c.partner_id, email);
    const t0 = Date.now();
    for (let i = 0; i < 2 * MAX_WRONG_PER_ADDRESS; i++) {
      const stranger = i % 2 ? { ip: ownIp(), browser: `stranger-${i}` } : { ip: ownIp() };
      expect((await refusal(at(t0 + i, () => verifySignIn(email, '0000000000', stranger)))).code).toBe('invalid_request');
    }
    // The person asks for a code and signs in as if nothing happened.
    const member = (await addStaffMember(c.partner_id, email))!;
    await at(t0 + 100, () => startSignIn(email, { ip: ownIp(), browser: 'mine' }));
    await plantCode(email, member, 'browser\nmine', t0 + 101, '4444444444');
    const { session } = await at(t0 + 200, () => verifySignIn(email, '4444444444', { ip: ownIp(), browser: 'mine' }, 'cookie'));
    expect(session.email).toBe(email);
  });

  it(`locks the address after ${MAX_WRONG_PER_ADDRESS} wrong codes a day entered by those who asked, but a code still works from the browser that asked for it`, async () => {
    const email = fresh();
    const member = await addStaffMember(c.partner_id, email);
    const t0 = Date.now();
    // The person asks for a code in their browser; a stranger asks for codes of their own and guesses.
    await plantCode(email, member, 'browser\nmy-browser-cookie', t0, '5555555555');
    for (let i = 0; i < MAX_WRONG_PER_ADDRESS; i++) {
      const stranger = { ip: ownIp(), browser: `stranger-${Math.floor(i / SIGN_IN_CODE_ATTEMPTS)}` };
      if (i % SIGN_IN_CODE_ATTEMPTS === 0) await plantCode(email, member, `browser\n${stranger.browser}`, t0 + 100 + i, '7777777777');
      const wrong = await refusal(at(t0 + 200 + i, () => verifySignIn(email, '0000000000', stranger)));
      expect(wrong.code).toBe('invalid_request');
    }
    // Locked: a guess from anyone else is refused without being checked.
    const locked = await refusal(at(t0 + 400, () => verifySignIn(email, '5555555555', { ip: ownIp(), browser: 'another' })));
    expect(locked.code).toBe('rate_limit');
    // The person's own browser still signs in with its code.
    const { session } = await at(t0 + 500, () =>
      verifySignIn(email, '5555555555', { ip: ownIp(), browser: 'my-browser-cookie' }, 'cookie'),
    );
    expect(session.email).toBe(email);
  });

  it('a browser that signed in before still gets codes while a stranger keeps the address locked', async () => {
    const email = fresh();
    const member = await addStaffMember(c.partner_id, email);
    const t0 = Date.now();
    await plantCode(email, member, 'browser\nlaptop', t0, '1212121212');
    const { device } = await at(t0 + 1, () => verifySignIn(email, '1212121212', { ip: ownIp(), browser: 'laptop' }, 'cookie'));
    for (let i = 0; i < MAX_SENDS_PER_ADDRESS; i++) await at(t0 + 10 + i, () => startSignIn(email, { ip: ownIp() }));
    expect((await refusal(at(t0 + 20, () => startSignIn(email, { ip: ownIp() })))).code).toBe('rate_limit');
    // The laptop's device cookie: its own codes, while strangers are refused.
    await at(t0 + 30, () => startSignIn(email, { ip: ownIp(), browser: 'laptop-2', device }));
    expect((await signInCodesOf(email)).length).toBeGreaterThan(MAX_SENDS_PER_ADDRESS);
    expect((await refusal(at(t0 + 40, () => startSignIn(email, { ip: ownIp(), device: 'forged-device' })))).code).toBe('rate_limit');
  });

  it(`a code dies after ${SIGN_IN_CODE_ATTEMPTS} wrong tries, even from the browser that asked for it`, async () => {
    const email = fresh();
    const member = await addStaffMember(c.partner_id, email);
    const t0 = Date.now();
    await plantCode(email, member, 'browser\nb', t0, '7777777777');
    for (let i = 0; i < SIGN_IN_CODE_ATTEMPTS; i++)
      expect((await refusal(at(t0 + i, () => verifySignIn(email, '0000000000', { ip: ownIp(), browser: 'b' })))).code).toBe(
        'invalid_request',
      );
    expect((await refusal(at(t0 + 10, () => verifySignIn(email, '7777777777', { ip: ownIp(), browser: 'b' })))).code).toBe(
      'invalid_request',
    );
  });

  it('limits sign-in requests per source address', async () => {
    const ip = anIp().replace('198.51.100', '192.0.2');
    const limit = signInIpLimit();
    for (let i = 0; i < limit; i++) await startSignIn(fresh('nobody'), { ip });
    const refused = await refusal(startSignIn(fresh('nobody'), { ip }));
    expect(refused.code).toBe('rate_limit');
    expect(Number(refused.headers['Retry-After'])).toBeGreaterThan(0);
    expect((await refusal(verifySignIn(fresh('nobody'), '1234567890', { ip }))).code).toBe('rate_limit');
  });

  it('does the same reads and writes for a staff address as for any other: the e-mail is queued, not sent on the way', async () => {
    const known = fresh();
    await addStaffMember(c.partner_id, known);
    const ran = async (email: string) =>
      (await countRoundTrips(() => startSignIn(email, { ip: ownIp() }))).tally.requests.map((r) => r.command);
    const forStaff = await ran(known);
    const forNobody = await ran(fresh('nobody'));
    expect(forStaff).toEqual(forNobody);
    expect(forStaff.filter((cmd) => cmd === 'PutItem').length).toBeGreaterThanOrEqual(1);
    // The e-mail (a code, or nothing for nobody) put on the mail queue, sealed, once.
    expect(forStaff.filter((cmd) => cmd === 'SendMessage')).toEqual(['SendMessage']);
  });
});
