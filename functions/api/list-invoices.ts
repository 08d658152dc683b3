import * as z from 'zod';
import { apiOperation } from '../../lib/http/api-operation';
import { cursorParams, limitParam, refuseAfterWithBefore } from '../../lib/paging/list-query';
import { listInvoices } from '../../lib/billing/invoice-store';
import { renderInvoice } from '../../lib/billing/invoice';

const query = z.strictObject({ limit: limitParam, ...cursorParams }).superRefine(refuseAfterWithBefore);

/** GET /v1/invoices: finalized invoices of the caller's mode, newest first, with the spec's page block. */
export const handler = apiOperation({
  scope: 'billing:read',
  query,
  handle: async ({ caller, query }) => {
    const page = await listInvoices(caller.scope, query);
    return { status: 200, body: { object: 'list', page: page.page, items: page.items.map((i) => renderInvoice(i)) } };
  },
});
