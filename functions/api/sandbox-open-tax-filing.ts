import * as z from 'zod';
import { apiOperation } from '../../lib/http/api-operation';
import { noQuery } from '../../lib/input';
import { companyIdParams } from '../../lib/companies/schemas';
import { openTaxFiling } from '../../lib/tax-filings/store';
import { TAX_FILING_KINDS } from '../../lib/tax-filings/tax-filing';

const body = z.strictObject({ kind: z.enum(TAX_FILING_KINDS), year: z.number().int().min(2000).max(2100) });

/** POST /v1/sandbox/companies/{companyID}/tax-filings `{kind, year}`: consumes one right. */
export const handler = apiOperation({
  scope: 'sandbox:write',
  testModeOnly: true,
  idempotent: true,
  params: companyIdParams,
  query: noQuery,
  body,
  handle: async ({ caller, params, body }) => ({ status: 201, body: await openTaxFiling(caller.scope, params.companyID, body) }),
});
