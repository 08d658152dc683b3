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

/** The six-digit code of the newest e-mail to `to` whose subject contains `about`. */
export function latestCode(to: string, about: string): string {
  const mail = outbox()
    .filter((m) => m.to === to && m.subject.includes(about))
    .pop();
  const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no e-mail to ${to} about "${about}"`);
  return code;
}

/** Signs in through the JSON face with the e-mailed code; returns the session token. */
export async function signIn(email: string): Promise<string> {
  const start = await dashboard().post('/sign-in', { email });
  if (start.status !== 202) throw new Error(`sign-in refused: ${start.text}`);
  const verified = await dashboard().post('/sign-in/verify', { email, code: latestCode(email, 'sign-in code') });
  if (verified.status !== 201) throw new Error(`verify refused: ${verified.text}`);
  return verified.body.token;
}
