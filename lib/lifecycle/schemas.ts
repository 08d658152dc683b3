import * as z from 'zod';
import { patterned } from '../input/patterned';
import { COMPANY_STAGES } from '../resources/vocabulary';

/** POST /v1/sandbox/companies/{companyID}/assign-ein `{ein?}`. */
export const assignEinBody = z.strictObject({
  ein: z
    .string()
    .max(12)
    .pipe(patterned(/^[0-9]{2}-?[0-9]{7}$/, 'Send the EIN as nine digits, optionally with a hyphen after the second (12-3456789).'))
    .optional(),
});

/** POST /v1/sandbox/companies/{companyID}/incorporate `{incorporation_date?}`. */
export const incorporateBody = z.strictObject({ incorporation_date: z.iso.date().optional() });

/** POST /v1/sandbox/companies/{companyID}/stage `{stage}`. */
export const moveStageBody = z.strictObject({ stage: z.enum(COMPANY_STAGES) });
