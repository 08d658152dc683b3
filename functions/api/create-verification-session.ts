import { apiOperation } from '../../lib/http/operation';
import { createVerificationSession as contract } from '../../lib/routes/lifecycle/create-verification-session';
import { createVerificationSession } from '../../lib/verification-sessions/verification-sessions';

/** POST /v1/companies/{companyID}/verification-sessions: `{shareholder}` → a short-lived page for that owner. */
export const handler = apiOperation({
  ...contract,
  handle: async ({ caller, params, body }) => ({
    status: 201,
    body: await createVerificationSession(caller.scope, params.companyID, body.shareholder),
  }),
});
