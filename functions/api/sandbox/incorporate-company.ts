import { apiOperation } from '../../../lib/http/api-operation';
import { noQuery } from '../../../lib/input';
import { presentCompany } from '../../../lib/companies/expand-company';
import { companyParams } from '../../../lib/lifecycle/params';
import * as z from 'zod';
import { incorporateCompany } from '../../../lib/lifecycle/operations/incorporate-company';

/** POST /v1/sandbox/companies/{companyID}/incorporate: the state accepted the filing. */
export const handler = apiOperation({
  scope: 'sandbox:write',
  testModeOnly: true,
  idempotent: true,
  params: companyParams,
  query: noQuery,
  body: z.strictObject({ incorporation_date: z.iso.date().optional() }),
  handle: async ({ caller, params, body }) => {
    const { company } = await incorporateCompany(caller.scope, params.companyID, body);
    return { status: 200, body: await presentCompany(caller.scope, company) };
  },
});
