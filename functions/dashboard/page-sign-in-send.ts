import { mailGoesToOutbox } from '../../lib/email';
import { parseOrRefuse } from '../../lib/errors';
import { signedOutPageOperation } from '../../lib/http/dashboard/signed-out-page-operation';
import { dashboardSignInSend as contract } from '../../lib/routes/dashboard/page-sign-in-send';
import { checkSignInForm } from '../../lib/http/dashboard/sign-in-guard';
import { safeNext } from '../../lib/http/dashboard/page-errors';
import { field } from '../../lib/http/dashboard/forms';
import { cookiesOf, DEVICE_COOKIE } from '../../lib/http/dashboard/cookies';
import { signInEmailField, signInPartnerField } from '../../lib/dashboard/schemas';
import { startSignIn } from '../../lib/dashboard/sign-in';
import { signInCodePage } from '../../lib/dashboard/pages/sign-in';

/** POST /dashboard/sign-in: e-mails the code, shows the code form. */
export const handler = signedOutPageOperation({
  ...contract,
  handle: async ({ event, state, body: form }) => {
    const csrf = checkSignInForm(event, field(form, 'csrf_token'));
    const { email } = parseOrRefuse(signInEmailField, { email: field(form, 'email') }, 'form');
    // The code is bound to this browser (its sign-in cookie); a device cookie of an earlier sign-in still gets codes while the address is locked.
    await startSignIn(email, { ip: state.sourceIp, browser: csrf, device: cookiesOf(event)[DEVICE_COOKIE] });
    const partner = signInPartnerField.safeParse(field(form, 'partner_id')).data;
    return { status: 200, text: signInCodePage({ csrf, email, next: safeNext(field(form, 'next')), local: mailGoesToOutbox(), partner }) };
  },
});
