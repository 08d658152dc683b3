import { signedOutApiOperation } from '../../lib/http/dashboard/signed-out-api-operation';
import { dashboardApiSignInVerify as contract } from '../../lib/routes/dashboard/api-sign-in-verify';
import { verifySignIn } from '../../lib/dashboard/sign-in';
import { viewOfSession } from '../../lib/dashboard/session-view';

/**
 * POST /dashboard/api/sign-in/verify `{email, code, partner_id?}` → 201 a session token for
 * `Authorization: Bearer`, of the partner named (or the address's only one).
 */
export const handler = signedOutApiOperation({
  ...contract,
  handle: async ({ body, state }) => {
    const { token, session } = await verifySignIn(body.email, body.code, { ip: state.sourceIp }, 'bearer', body.partner_id);
    return { status: 201, body: { ...viewOfSession(session), token } };
  },
});
