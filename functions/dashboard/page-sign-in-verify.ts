import { publicDashboardPage } from '../../lib/dashboard/http/operation';
import { checkSignInForm } from '../../lib/dashboard/http/sign-in-guard';
import { safeNext } from '../../lib/dashboard/http/page-errors';
import { clearCookie, setCookie, SESSION_COOKIE, SIGN_IN_COOKIE } from '../../lib/dashboard/http/cookies';
import { field } from '../../lib/dashboard/http/forms';
import { verifySignIn } from '../../lib/dashboard/sign-in';
import { SESSION_ABSOLUTE_MS } from '../../lib/dashboard/session';
import { seeOther } from '../../lib/dashboard/pages/layout';

/** POST /dashboard/sign-in/verify: the right code sets the session cookie and opens the dashboard. */
export const handler = publicDashboardPage({
  handle: async ({ event, body: form }) => {
    checkSignInForm(event, field(form, 'csrf_token'));
    const { token } = await verifySignIn(field(form, 'email') ?? '', field(form, 'code') ?? '');
    const cookies = [setCookie(SESSION_COOKIE, token, SESSION_ABSOLUTE_MS / 1000), clearCookie(SIGN_IN_COOKIE)];
    return { ...seeOther(safeNext(field(form, 'next')) ?? '/dashboard'), cookies };
  },
});
