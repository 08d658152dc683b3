import * as z from 'zod';

/** POST /v1/sandbox/billing/run `{as_of}`. */
export const runBillingBody = z.strictObject({ as_of: z.iso.datetime({ offset: true }) });
