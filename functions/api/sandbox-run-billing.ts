import * as z from 'zod';
import { apiOperation } from '../../lib/http/api-operation';
import { noQuery } from '../../lib/input';
import { runSandboxBilling } from '../../lib/jobs/run-billing';
import { renderInvoice } from '../../lib/billing/invoice';

const body = z.strictObject({ as_of: z.iso.datetime({ offset: true }) });

/** POST /v1/sandbox/billing/run `{as_of}`: renewals and the month-end close of the caller's sandbox. */
export const handler = apiOperation({
  scope: 'sandbox:write',
  testModeOnly: true,
  query: noQuery,
  body,
  handle: async ({ caller, body }) => {
    const asOf = new Date(body.as_of);
    const run = await runSandboxBilling(caller.scope, asOf);
    return { status: 200, body: { object: 'billing_run', as_of: asOf.toISOString(), renewals_billed: run.renewals_billed, invoice: run.invoice ? renderInvoice(run.invoice) : null } };
  },
});
