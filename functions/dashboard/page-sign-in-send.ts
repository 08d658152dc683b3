import * as z from 'zod';
import { mailGoesToOutbox } from '../../lib/email';
import { parseOrRefuse } from '../../lib/errors';
import { publicDashboardPage } from '../../lib/dashboard/http/operation';
import { checkSignInForm } from '../../lib/dashboard/http/sign-in-guard';
import { safeNext } from '../../lib/dashboard/http/page-errors';
import { field } from '../../lib/dashboard/http/forms';
import { startSignIn } from '../../lib/dashboard/sign-in';
import { signInCodePage } from '../../lib/dashboard/pages/sign-in';

/** POST /dashboard/sign-in: e-mails the code, shows the code form. */
export const handler = publicDashboardPage({
  handle: async ({ event, body: form }) => {
    const csrf = checkSignInForm(event, field(form, 'csrf_token'));
    const { email } = parseOrRefuse(z.object({ email: z.email().max(254) }), { email: field(form, 'email') }, 'form');
    await startSignIn(email);
    return { status: 200, text: signInCodePage({ csrf, email, next: safeNext(field(form, 'next')), local: mailGoesToOutbox() }) };
  },
});
