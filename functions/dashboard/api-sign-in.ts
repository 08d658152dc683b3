import { signedOutApiOperation } from '../../lib/http/dashboard/signed-out-api-operation';
import { dashboardApiSignIn as contract } from '../../lib/routes/dashboard/api-sign-in';
import { startSignIn } from '../../lib/dashboard/sign-in';

/** POST /dashboard/api/sign-in `{email}`: e-mails a one-time code (the same answer for any address). */
export const handler = signedOutApiOperation({
  ...contract,
  handle: async ({ body, state }) => ({
    status: 202,
    body: { object: 'sign_in', ...(await startSignIn(body.email, { ip: state.sourceIp })) },
  }),
});
