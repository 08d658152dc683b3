import * as z from 'zod';
import { apiOperation } from '../../lib/http/api-operation';
import { idParam, noQuery } from '../../lib/input';
import { companyParams } from '../../lib/lifecycle/params';
import { createVerificationSession } from '../../lib/verification-sessions/verification-sessions';

/** POST /v1/companies/{companyID}/verification-sessions: `{shareholder}` → a short-lived page for that owner. */
export const handler = apiOperation({
  scope: 'companies:write',
  idempotent: true,
  params: companyParams,
  query: noQuery,
  body: z.strictObject({ shareholder: idParam('shareholder', 'shareholder', 'Send the owner’s id (sh_…) from the company’s shareholders.') }),
  handle: async ({ caller, params, body }) => ({ status: 201, body: await createVerificationSession(caller.scope, params.companyID, body.shareholder) }),
});
