import { signedOutPageOperation } from '../../lib/http/dashboard/signed-out-page-operation';
import { dashboardSignInVerify as contract } from '../../lib/routes/dashboard/page-sign-in-verify';
import { checkSignInForm } from '../../lib/http/dashboard/sign-in-guard';
import { safeNext } from '../../lib/http/dashboard/page-errors';
import { clearCookie, cookiesOf, DEVICE_COOKIE, setCookie, SESSION_COOKIE, SIGN_IN_COOKIE } from '../../lib/http/dashboard/cookies';
import { field } from '../../lib/http/dashboard/forms';
import { DEVICE_TRUST_MS, verifySignIn } from '../../lib/dashboard/sign-in';
import { SESSION_ABSOLUTE_MS } from '../../lib/dashboard/session';
import { seeOther } from '../../lib/dashboard/pages/layout';
import { signInChoicePage } from '../../lib/dashboard/pages/sign-in';
import { PartnerChoiceNeeded } from '../../lib/dashboard/sign-in-choice';
import { signInPartnerField } from '../../lib/dashboard/schemas';

/**
 * POST /dashboard/sign-in/verify: the right code sets the session cookie and opens the dashboard; for
 * an address that is staff of several partners and names none, the page to choose one.
 */
export const handler = signedOutPageOperation({
  ...contract,
  handle: async ({ event, state, body: form }) => {
    const browser = checkSignInForm(event, field(form, 'csrf_token'));
    const email = field(form, 'email') ?? '';
    const code = field(form, 'code') ?? '';
    const next = safeNext(field(form, 'next'));
    const partner = signInPartnerField.safeParse(field(form, 'partner_id')).data;
    const signedIn = await verifySignIn(
      email,
      code,
      { ip: state.sourceIp, browser, device: cookiesOf(event)[DEVICE_COOKIE] },
      'cookie',
      partner,
    ).catch((error: unknown) => {
      if (error instanceof PartnerChoiceNeeded) return error;
      throw error;
    });
    if (signedIn instanceof PartnerChoiceNeeded)
      return { status: 200, text: signInChoicePage({ csrf: browser, email, code, next, choices: signedIn.choices }) };
    const { token, device } = signedIn;
    const cookies = [
      setCookie(SESSION_COOKIE, token, SESSION_ABSOLUTE_MS / 1000),
      clearCookie(SIGN_IN_COOKIE),
      setCookie(DEVICE_COOKIE, device, DEVICE_TRUST_MS / 1000),
    ];
    return { ...seeOther(next ?? '/dashboard'), cookies };
  },
});
