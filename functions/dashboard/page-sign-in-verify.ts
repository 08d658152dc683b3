import { signedOutPageOperation } from '../../lib/http/dashboard/signed-out-page-operation';
import { dashboardSignInVerify as contract } from '../../lib/routes/dashboard/page-sign-in-verify';
import { checkSignInForm } from '../../lib/http/dashboard/sign-in-guard';
import { safeNext } from '../../lib/http/dashboard/page-errors';
import { clearCookie, setCookie, SESSION_COOKIE, SIGN_IN_COOKIE } from '../../lib/http/dashboard/cookies';
import { field } from '../../lib/http/dashboard/forms';
import { verifySignIn } from '../../lib/dashboard/sign-in';
import { SESSION_ABSOLUTE_MS } from '../../lib/dashboard/session';
import { seeOther } from '../../lib/dashboard/pages/layout';

/** POST /dashboard/sign-in/verify: the right code sets the session cookie and opens the dashboard. */
export const handler = signedOutPageOperation({
  ...contract,
  handle: async ({ event, body: form }) => {
    checkSignInForm(event, field(form, 'csrf_token'));
    const { token } = await verifySignIn(field(form, 'email') ?? '', field(form, 'code') ?? '');
    const cookies = [setCookie(SESSION_COOKIE, token, SESSION_ABSOLUTE_MS / 1000), clearCookie(SIGN_IN_COOKIE)];
    return { ...seeOther(safeNext(field(form, 'next')) ?? '/dashboard'), cookies };
  },
});
