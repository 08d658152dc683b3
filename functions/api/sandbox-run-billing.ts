import { apiOperation } from '../../lib/http/operation';
import { sandboxRunBilling as contract } from '../../lib/routes/sandbox-orders/sandbox-run-billing';
import { runSandboxBilling } from '../../lib/jobs/run-billing';
import { renderInvoice } from '../../lib/billing/invoice';

/** POST /v1/sandbox/billing/run `{as_of}`: renewals and the month-end close of the caller's sandbox. */
export const handler = apiOperation({
  ...contract,
  handle: async ({ caller, body }) => {
    const asOf = new Date(body.as_of);
    const run = await runSandboxBilling(caller.scope, asOf);
    return {
      status: 200,
      body: {
        object: 'billing_run',
        as_of: asOf.toISOString(),
        renewals_billed: run.renewals_billed,
        invoice: run.invoice ? renderInvoice(run.invoice) : null,
        has_more: run.has_more,
      },
    };
  },
});
