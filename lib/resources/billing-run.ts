import * as z from 'zod';
import { onFirstUse } from './built-on-first-use';
import { invoiceSchema } from './invoice';

export const billingRunSchema = onFirstUse(() =>
  z
    .strictObject({
      object: z.literal('billing_run'),
      as_of: z.string(),
      renewals_billed: z.number().int(),
      invoice: invoiceSchema().nullable(),
    })
    .meta({
      id: 'BillingRun',
      description:
        'What a sandbox billing run did: renewals billed and the test invoice of the closed month (null when there was nothing to bill).',
    }),
);
