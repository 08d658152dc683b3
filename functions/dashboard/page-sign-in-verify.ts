import { signedOutPageOperation } from '../../lib/http/dashboard/signed-out-page-operation';
import { dashboardSignInVerify as contract } from '../../lib/routes/dashboard/page-sign-in-verify';
import { checkSignInForm } from '../../lib/http/dashboard/sign-in-guard';
import { safeNext } from '../../lib/http/dashboard/page-errors';
import { clearCookie, cookiesOf, DEVICE_COOKIE, setCookie, SESSION_COOKIE, SIGN_IN_COOKIE } from '../../lib/http/dashboard/cookies';
import { field } from '../../lib/http/dashboard/forms';
import { DEVICE_TRUST_MS, verifySignIn } from '../../lib/dashboard/sign-in';
import { SESSION_ABSOLUTE_MS } from '../../lib/dashboard/session';
import { seeOther } from '../../lib/dashboard/pages/layout';

/** POST /dashboard/sign-in/verify: the right code sets the session cookie and opens the dashboard. */
export const handler = signedOutPageOperation({
  ...contract,
  handle: async ({ event, state, body: form }) => {
    const browser = checkSignInForm(event, field(form, 'csrf_token'));
    const { token, device } = await verifySignIn(
      field(form, 'email') ?? '',
      field(form, 'code') ?? '',
      { ip: state.sourceIp, browser, device: cookiesOf(event)[DEVICE_COOKIE] },
      'cookie',
    );
    const cookies = [
      setCookie(SESSION_COOKIE, token, SESSION_ABSOLUTE_MS / 1000),
      clearCookie(SIGN_IN_COOKIE),
      setCookie(DEVICE_COOKIE, device, DEVICE_TRUST_MS / 1000),
    ];
    return { ...seeOther(safeNext(field(form, 'next')) ?? '/dashboard'), cookies };
  },
});
