import * as z from 'zod';
import { cursorParams, limitParam, refuseAfterWithBefore } from '../paging/list-query';

/** GET /v1/invoices: a page size and a cursor. */
export const listInvoicesQuery = z.strictObject({ limit: limitParam, ...cursorParams }).superRefine(refuseAfterWithBefore);
