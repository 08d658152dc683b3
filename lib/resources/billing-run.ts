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
      has_more: z.boolean().meta({
        description:
          'true when the run stopped before its request ran out of time: every renewal counted in renewals_billed is billed, the rest and the month-end close are not done yet (invoice is null). Send the same request again, with the same as_of, to go on: nothing is billed twice. false when the run is done.',
      }),
    })
    .meta({
      id: 'BillingRun',
      description:
        'What a sandbox billing run did: renewals billed and the test invoice of the closed month (null when there was nothing to bill, or while has_more is true).',
    }),
);
