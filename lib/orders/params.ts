import * as z from 'zod';
import { patterned } from '../input';
import { callerKeyedRecord } from '../input/caller-keyed-record';

/** Path parameters of this area, checked before any read (API-SURFACE conventions). */
const idParam = (prefix: string, what: string) => patterned(new RegExp(`^${prefix}[0-9A-Za-z]{22}$`), `Send a ${what} id as returned by the API: ${prefix} and 22 letters or digits.`);

export const serviceOrderIdParams = z.strictObject({ serviceOrderID: idParam('so_', 'service order') });
export const taxFilingIdParams = z.strictObject({ taxFilingID: idParam('tf_', 'tax filing') });
export const fixedAssetParams = z.strictObject({ companyID: idParam('cmp_', 'company'), fixedAssetID: idParam('fxa_', 'fixed asset') });
/**
 * Invoice ids are opaque (spec Conventions): a partner cannot know their shape, so any id is looked up
 * and an unknown one is `resource_missing`, never a pattern refusal. Ids we never mint are answered
 * missing without a read (lib/billing/invoice.ts `isMintedInvoiceId`).
 */
export const invoiceIdParams = z.strictObject({ invoiceID: z.string().min(1).max(255) });

export const formBody = z.strictObject({ answers: callerKeyedRecord(z.string(), z.unknown()) });
export const quoteBody = z.strictObject({ unit_amount: z.number().int().min(0).max(100_000_000), expires_at: z.iso.datetime({ offset: true }).optional() });
export const completeBody = z.strictObject({ outcome: z.string().min(1).max(100).optional() });
export const repriceBody = z.strictObject({ options: callerKeyedRecord(z.string(), z.string()).optional() });
