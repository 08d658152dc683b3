import * as z from 'zod';
import { idParam } from '../input/id-param';
import { callerKeyedRecord } from '../resources/caller-keyed-record';

/** Path parameters of this area, checked before any read (docs/api.md, "Conventions"). */
export const serviceOrderIdParams = z.strictObject({ serviceOrderID: idParam('serviceOrder', 'service order') });
export const taxFilingIdParams = z.strictObject({ taxFilingID: idParam('taxFiling', 'tax filing') });
export const fixedAssetParams = z.strictObject({
  companyID: idParam('company', 'company'),
  fixedAssetID: idParam('fixedAsset', 'fixed asset'),
});
/**
 * Invoice ids are opaque (spec Conventions): a partner cannot know their shape, so any id is looked up
 * and an unknown one is `resource_missing`, never a pattern refusal. Ids we never mint are answered
 * missing without a read (lib/billing/invoice.ts `isMintedInvoiceId`).
 */
export const invoiceIdParams = z.strictObject({ invoiceID: z.string().min(1).max(255) });

export const formBody = z.strictObject({ answers: callerKeyedRecord(z.string(), z.unknown()) });
export const quoteBody = z.strictObject({
  unit_amount: z.number().int().min(0).max(100_000_000),
  expires_at: z.iso.datetime({ offset: true }).optional(),
});
export const completeBody = z.strictObject({
  outcome: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .meta({ examples: ['approved'] }),
});
export const repriceBody = z.strictObject({ options: callerKeyedRecord(z.string(), z.string()).optional() });
