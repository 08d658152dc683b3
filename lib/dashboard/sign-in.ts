import { countSignInAttempt, putSignInCode, signInCodeOf, spendSignInCode } from '../store/entities/sign-in-code';
import { now } from '../clock';
import { ApiError } from '../errors';
import { sendEmail } from '../email/send-email';
import { config } from '../config';
import { CODE_TTL_MS, countCodeSend, hashOneTimeCode, newOneTimeCode, oneTimeCodeHolds } from '../crypto/one-time-code';
import { findStaffMember, normaliseEmail } from './staff';
import { createSession, type DashboardSession } from './session';

/**
 * Sign-in by e-mailed one-time code. The answer to "send me a code" is the same whether or not the
 * address belongs to anyone, so the form cannot be used to find out who is staff. At most five codes
 * per address per fifteen minutes; a new code replaces the previous one.
 */
export const SEND_WINDOW_MS = 15 * 60 * 1000;
export const MAX_SENDS_PER_WINDOW = 5;

export async function startSignIn(rawEmail: string): Promise<{ email: string; expires_at: string }> {
  const email = normaliseEmail(rawEmail);
  const at = now();
  const expiresAt = new Date(at.getTime() + CODE_TTL_MS);
  const counted = countCodeSend(await signInCodeOf(email), at, SEND_WINDOW_MS, MAX_SENDS_PER_WINDOW);
  if (counted.retryAfterSeconds !== undefined) {
    const retryAfter = counted.retryAfterSeconds;
    throw new ApiError(
      'rate_limit',
      `Too many codes were requested for this address. Try again in ${Math.ceil(retryAfter / 60)} minutes.`,
      undefined,
      { 'Retry-After': String(retryAfter) },
    );
  }
  const member = await findStaffMember(email);
  const code = newOneTimeCode();
  await putSignInCode(email, {
    // Unknown addresses get a throttle record but no usable code.
    code_hash: member ? hashOneTimeCode('sign-in', email, code) : 'none',
    partner_id: member?.partner_id,
    attempts: 0,
    expires_at: expiresAt.toISOString(),
    ...counted.sends,
    ttl: Math.ceil((at.getTime() + SEND_WINDOW_MS) / 1000),
  });
  if (member) {
    await sendEmail({
      to: email,
      subject: `Your dashboard sign-in code: ${code}`,
      text: `Your sign-in code is ${code}. It works once, for 10 minutes, at ${config().publicUrl}/dashboard/sign-in.\n\nIf you did not ask to sign in, ignore this message.`,
    });
  }
  return { email, expires_at: expiresAt.toISOString() };
}

export const wrongSignInCode = () =>
  new ApiError('invalid_request', 'The code is wrong, expired or used up.', [
    {
      reason: 'wrong, expired or used-up code',
      location: '$.code',
      validation_type: 'custom',
      how_to_fix: 'Request a new code and send the six digits from the latest e-mail within 10 minutes.',
    },
  ]);

/** Exchanges the right code for a new session; five wrong tries kill the code. */
export async function verifySignIn(rawEmail: string, code: string): Promise<{ token: string; session: DashboardSession }> {
  const email = normaliseEmail(rawEmail);
  const pending = await signInCodeOf(email);
  if (!pending || pending.code_hash === 'none' || !pending.partner_id) throw wrongSignInCode();
  const holds = await oneTimeCodeHolds(pending, { purpose: 'sign-in', subject: email, code }, now(), (codeHash, maxAttempts) =>
    countSignInAttempt(email, codeHash, maxAttempts),
  );
  if (!holds) throw wrongSignInCode();
  // Spend the code: exactly one session per code, even when two tabs submit it at once.
  if (!(await spendSignInCode(email, pending.code_hash))) throw wrongSignInCode();
  return createSession({ partnerId: pending.partner_id, email });
}
