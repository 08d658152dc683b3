import { signedOutPageOperation } from '../../lib/http/dashboard/signed-out-page-operation';
import { dashboardSignInPage as contract } from '../../lib/routes/dashboard/page-sign-in';
import { signInToken } from '../../lib/http/dashboard/sign-in-guard';
import { safeNext } from '../../lib/http/dashboard/page-errors';
import { signInEmailPage } from '../../lib/dashboard/pages/sign-in';
import { signInPartnerField } from '../../lib/dashboard/schemas';

/** GET /dashboard/sign-in: the e-mail form. */
export const handler = signedOutPageOperation({
  ...contract,
  handle: async ({ event }) => {
    const { token, setCookie } = signInToken(event);
    const next = safeNext(event.queryStringParameters?.next);
    // An invitation's link names its partner (`?partner=ptr_…`); anything else there is ignored.
    const partner = signInPartnerField.safeParse(event.queryStringParameters?.partner).data;
    return { status: 200, text: signInEmailPage({ csrf: token, next, partner }), headers: { 'Set-Cookie': setCookie } };
  },
});
