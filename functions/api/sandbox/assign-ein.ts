import { apiOperation } from '../../../lib/http/api-operation';
import { noQuery, patterned } from '../../../lib/input';
import { presentCompany } from '../../../lib/companies/expand-company';
import { companyParams } from '../../../lib/lifecycle/params';
import * as z from 'zod';
import { assignEin } from '../../../lib/lifecycle/operations/assign-ein';

/** POST /v1/sandbox/companies/{companyID}/assign-ein: the IRS issued the EIN. */
export const handler = apiOperation({
  scope: 'sandbox:write',
  testModeOnly: true,
  idempotent: true,
  params: companyParams,
  query: noQuery,
  body: z.strictObject({ ein: z.string().max(12).pipe(patterned(/^[0-9]{2}-?[0-9]{7}$/, 'Send the EIN as nine digits, optionally with a hyphen after the second (12-3456789).')).optional() }),
  handle: async ({ caller, params, body }) => {
    const { company } = await assignEin(caller.scope, params.companyID, body);
    return { status: 200, body: await presentCompany(caller.scope, company) };
  },
});
