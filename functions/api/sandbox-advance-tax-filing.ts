import * as z from 'zod';
import { apiOperation } from '../../lib/http/api-operation';
import { noQuery } from '../../lib/input';
import { taxFilingIdParams } from '../../lib/orders/params';
import { advanceTaxFiling } from '../../lib/tax-filings/store';
import { TAX_FILING_STATUSES } from '../../lib/tax-filings/tax-filing';

const body = z.strictObject({ status: z.enum(TAX_FILING_STATUSES).optional(), progress: z.string().regex(/^[a-z][a-z0-9_]{0,63}$/).optional() });

/** POST /v1/sandbox/tax-filings/{taxFilingID}/advance `{status?, progress?}`: `tax_filing.status.changed`. */
export const handler = apiOperation({
  scope: 'sandbox:write',
  testModeOnly: true,
  idempotent: true,
  params: taxFilingIdParams,
  query: noQuery,
  body,
  handle: async ({ caller, params, body }) => ({ status: 200, body: await advanceTaxFiling(caller.scope, params.taxFilingID, body) }),
});
