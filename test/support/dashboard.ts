import { randomBytes } from 'node:crypto';
import { addStaffMember } from '../../lib/dashboard/staff';
import { createSession } from '../../lib/dashboard/session';
import type { StaffRole } from '../../lib/dashboard/roles';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { api, type HttpResult } from './http';
import { credentials } from './stack';

/** A client for the dashboard's JSON face: `dashboard(token).get('/keys')`, paths under /dashboard/api. */
export function dashboard(token?: string, headers: Record<string, string> = {}) {
  const base = `${credentials().dashboard_url}/api`;
  const client = api(undefined, { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers });
  return {
    get: (path: string, h?: Record<string, string>): Promise<HttpResult> => client.get(base + path, h),
    post: (path: string, body?: unknown, h?: Record<string, string>): Promise<HttpResult> => client.post(base + path, body, h),
    delete: (path: string, h?: Record<string, string>): Promise<HttpResult> => client.delete(base + path, h),
  };
}

interface Mail {
  to: string;
  subject: string;
  text: string;
  sent_at: string;
}

/** Every e-mail the embedded default "sent", oldest first. */
export function outbox(): Mail[] {
  const dir = join(process.env.TEST_LOCAL_DIR!, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Mail);
}

/** The e-mails to `to` whose subject contains `about`, oldest first. */
export const mailsAbout = (to: string, about: string) => outbox().filter((m) => m.to === to && m.subject.includes(about));

/**
 * The ten-digit code of the newest e-mail to `to` whose subject contains `about`, once there are more
 * than `seen` of them: sign-in codes leave off the answer's path (lib/dashboard/queued-mail.ts), so
 * this waits for the e-mail, with a bounded deadline.
 */
export async function latestCode(to: string, about: string, seen = 0): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = mailsAbout(to, about);
    const code = mails.length > seen ? /\b(\d{10})\b/.exec(mails[mails.length - 1].text)?.[1] : undefined;
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no new e-mail to ${to} about "${about}"`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** How many e-mails went to `to` (after a moment for queued mail to arrive). */
export async function mailCountTo(to: string, settleMs = 1000): Promise<number> {
  await new Promise((r) => setTimeout(r, settleMs));
  return outbox().filter((m) => m.to === to).length;
}

/** Signs in through the JSON face with the e-mailed code; returns the session token (stepped up for its first 10 minutes). */
export async function signIn(email: string): Promise<string> {
  const seen = mailsAbout(email, 'sign-in code').length;
  const start = await dashboard().post('/sign-in', { email });
  if (start.status !== 202) throw new Error(`sign-in refused: ${start.text}`);
  const verified = await dashboard().post('/sign-in/verify', { email, code: await latestCode(email, 'sign-in code', seen) });
  if (verified.status !== 201) throw new Error(`verify refused: ${verified.text}`);
  return verified.body.token;
}

/** Steps a session up through the JSON face with the e-mailed code. */
export async function stepUp(token: string, email: string): Promise<void> {
  const seen = mailsAbout(email, 'step-up code').length;
  const asked = await dashboard(token).post('/step-up');
  if (asked.status !== 202) throw new Error(`step-up refused: ${asked.text}`);
  const verified = await dashboard(token).post('/step-up/verify', { code: await latestCode(email, 'step-up code', seen) });
  if (verified.status !== 200) throw new Error(`step-up verify refused: ${verified.text}`);
}

/**
 * A session of a new staff member of `partnerId` (an owner unless told), minted in the store: an
 * address of its own, so no two tests share one.
 * Stepped up for 10 minutes unless told otherwise, as a session just signed in with a code is.
 */
export async function sessionFor(
  partnerId: string,
  options: { role?: StaffRole; steppedUp?: boolean; email?: string; kind?: 'cookie' | 'bearer' } = {},
) {
  const email = options.email ?? `staff-${randomBytes(6).toString('hex')}@${partnerId.toLowerCase()}.test`;
  await addStaffMember(partnerId, email, options.role ?? 'owner');
  const made = await createSession({
    partnerId,
    email,
    kind: options.kind,
    steppedUpForMs: options.steppedUp === false ? undefined : 10 * 60 * 1000,
  });
  return { ...made, email };
}
