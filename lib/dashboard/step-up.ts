import { now } from '../clock';
import { ApiError } from '../errors';
import { sendEmail } from '../email/send-email';
import { CODE_TTL_MS, codeMatches, hashOneTimeCode, newOneTimeCode } from '../crypto/one-time-code';
import { stepUpSessionIn } from '../store/entities/dashboard-session';
import { type AuditAct, commitAudited, recordAudit } from '../audit/record';
import { getStepUpCode, putStepUpCode, spendStepUpAttempt, spendStepUpCode } from '../store/entities/step-up-code';
import { sessionTokenHash, type DashboardSession } from './session';

/**
 * Step-up: a fresh e-mailed code before the changes a stolen session must not make alone (creating a
 * live key, creating or re-pointing a live endpoint, changing versions, changing staff) and every
 * destructive live act (revoking a live key; disabling, deleting or narrowing the events of a live
 * endpoint; recovering one). It holds for the one session that stepped up, for 10 minutes: a new
 * session of the same person, even one signed in with a code, is not stepped up.
 */
export const STEP_UP_MS = 10 * 60 * 1000;
/** Codes a session may ask for in a day, and wrong tries per code: a stolen session cannot guess its way up. */
export const MAX_STEP_UP_SENDS = 5;
export const STEP_UP_ATTEMPTS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

export const STEP_UP_HOW_TO_FIX =
  'POST /dashboard/api/step-up to e-mail yourself a code, then POST /dashboard/api/step-up/verify with the code, such as {"code": "4829137056"}; the session may then make such changes for 10 minutes. In a browser: /dashboard/step-up.';

/** 403 `step_up_required`: this change needs a session stepped up within the last 10 minutes. */
export function stepUpRequired(what: string): ApiError {
  return new ApiError('step_up_required', `${what} needs a fresh code: step up this session first.`, [
    { reason: 'the session is not stepped up', validation_type: 'custom', how_to_fix: STEP_UP_HOW_TO_FIX },
  ]);
}

export function isSteppedUp(session: Pick<DashboardSession, 'stepped_up_until'>): boolean {
  return session.stepped_up_until !== undefined && Date.parse(session.stepped_up_until) > now().getTime();
}

/** Refuses `what` unless the session is stepped up. */
export function requireStepUp(session: DashboardSession, what: string): void {
  if (!isSteppedUp(session)) throw stepUpRequired(what);
}

/** POST /dashboard/api/step-up: e-mails the signed-in person a code (a new one replaces the last). */
export async function requestStepUp(session: DashboardSession, token: string) {
  const tokenHash = sessionTokenHash(token);
  const at = now().getTime();
  const previous = await getStepUpCode(tokenHash);
  const windowOpen = previous && Date.parse(previous.window_started_at) + DAY_MS > at;
  if (windowOpen && previous.sends >= MAX_STEP_UP_SENDS) {
    const seconds = Math.ceil((Date.parse(previous.window_started_at) + DAY_MS - at) / 1000);
    throw new ApiError(
      'rate_limit',
      `This session asked for ${MAX_STEP_UP_SENDS} step-up codes today.`,
      [
        {
          reason: 'too many step-up codes',
          validation_type: 'custom',
          how_to_fix: 'Enter the latest code you were sent, or sign in again for a new session.',
        },
      ],
      { 'Retry-After': String(seconds) },
    );
  }
  const code = newOneTimeCode();
  const expiresAt = new Date(at + CODE_TTL_MS).toISOString();
  await putStepUpCode(
    tokenHash,
    {
      code_hash: await hashOneTimeCode('step-up', session.id, code),
      attempts: 0,
      expires_at: expiresAt,
      window_started_at: windowOpen ? previous.window_started_at : new Date(at).toISOString(),
      sends: windowOpen ? previous.sends + 1 : 1,
    },
    at + DAY_MS,
  );
  await sendEmail({
    to: session.email,
    subject: 'Your dashboard step-up code',
    text: `Your code to confirm a sensitive change in the partner dashboard is ${code}. It works once, for 10 minutes, in the session that asked for it.\n\nIf you did not ask for it, someone may be using your session: sign out everywhere (/dashboard/sessions).`,
  });
  return { object: 'step_up' as const, email: session.email, expires_at: expiresAt };
}

export const wrongStepUpCode = () =>
  new ApiError('invalid_request', 'The code is wrong, expired or used up.', [
    {
      reason: 'wrong, expired or used-up code',
      location: '$.code',
      validation_type: 'custom',
      how_to_fix:
        'Request a new code with POST /dashboard/api/step-up and send the ten digits from the e-mail, such as "code": "4829137056".',
    },
  ]);

const actorOfSession = (session: DashboardSession, ip: string | null) => ({ partner_id: session.partner_id, email: session.email, ip });

/**
 * POST /dashboard/api/step-up/verify `{code}`: the session is stepped up for 10 minutes, in the
 * transaction of its audit entry (`session.stepped_up`); a wrong code for a pending one is recorded as
 * `session.step_up_failed` (at most 3 tries a code, 5 codes a day: a stolen session cannot flood the log).
 */
export async function verifyStepUp(
  session: DashboardSession,
  token: string,
  code: string,
  ip: string | null = null,
): Promise<DashboardSession> {
  const tokenHash = sessionTokenHash(token);
  const at = now().getTime();
  const pending = await getStepUpCode(tokenHash);
  if (!pending || pending.code_hash === 'spent' || Date.parse(pending.expires_at) <= at) throw wrongStepUpCode();
  if (!(await spendStepUpAttempt(tokenHash, pending.code_hash, STEP_UP_ATTEMPTS))) throw wrongStepUpCode();
  if (!(await codeMatches(pending.code_hash, { purpose: 'step-up', subject: session.id, code }))) {
    await recordAudit(actorOfSession(session, ip), 'session.step_up_failed', session.staff_id, { details: { session_id: session.id } });
    throw wrongStepUpCode();
  }
  if (!(await spendStepUpCode(tokenHash, pending.code_hash))) throw wrongStepUpCode();
  const until = new Date(at + STEP_UP_MS).toISOString();
  await commitAudited({ partnerId: session.partner_id, mode: 'live' }, (ws) => {
    stepUpSessionIn(ws, tokenHash, until, () => wrongStepUpCode());
    const act: AuditAct = {
      actor: actorOfSession(session, ip),
      action: 'session.stepped_up',
      target: session.staff_id,
      details: {
        session_id: session.id,
        before: { stepped_up_until: session.stepped_up_until ?? null },
        after: { stepped_up_until: until },
      },
    };
    return { value: undefined, acts: [act] };
  });
  return { ...session, stepped_up_until: until };
}
