import * as z from 'zod';
import { TAX_FILING_KINDS, TAX_FILING_STATUSES } from '../resources/tax-filing';

/** POST /v1/sandbox/companies/{companyID}/tax-filings `{kind, year}`. */
export const openTaxFilingBody = z.strictObject({ kind: z.enum(TAX_FILING_KINDS), year: z.number().int().min(2000).max(2100) });

/** POST /v1/sandbox/tax-filings/{taxFilingID}/advance `{status?, progress?}`. */
export const advanceTaxFilingBody = z.strictObject({
  status: z.enum(TAX_FILING_STATUSES).optional(),
  progress: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,63}$/)
    .optional()
    .meta({ examples: ['documents_collected'] }),
});
