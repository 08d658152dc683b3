import { publicDashboardPage } from '../../lib/dashboard/http/operation';
import { signInToken } from '../../lib/dashboard/http/sign-in-guard';
import { safeNext } from '../../lib/dashboard/http/page-errors';
import { signInEmailPage } from '../../lib/dashboard/pages/sign-in';

/** GET /dashboard/sign-in: the e-mail form. */
export const handler = publicDashboardPage({
  handle: async ({ event }) => {
    const { token, setCookie } = signInToken(event);
    const next = safeNext(event.queryStringParameters?.next);
    return { status: 200, text: signInEmailPage({ csrf: token, next }), headers: { 'Set-Cookie': setCookie } };
  },
});
