import * as z from 'zod';

/**
 * Small zod building blocks for request schemas whose refusals carry a partner-facing `how_to_fix`
 * and the JSON Schema keyword in `validation_type` (lib/http/zod-errors.ts reads both from `params`).
 */
export function patterned(pattern: RegExp, howToFix: string, validationType = 'pattern', base: z.ZodString = z.string()) {
  return base
    .refine((v) => pattern.test(v), { message: `does not match ${pattern.source}`, params: { validation_type: validationType, how_to_fix: howToFix } })
    .meta({ pattern: pattern.source });
}

/** `metadata` (spec Conventions): at most 50 properties; keys ≤ 40 characters, string values ≤ 500. */
export const metadataInput = z
  .record(z.string().min(1).max(40), z.string().max(500))
  .refine((m) => Object.keys(m).length <= 50, {
    message: 'has more than 50 properties',
    params: { validation_type: 'maxProperties', how_to_fix: 'Keep at most 50 metadata keys.' },
  });

export const emailInput = z.string().max(254).pipe(z.email({ message: 'is not an e-mail address' }));

/** E.164: `+` and 7 to 15 digits, the form every carrier and KYC provider accepts. */
export const phoneInput = patterned(/^\+[1-9][0-9]{6,14}$/, 'Send the number in E.164 form: + country code and number, digits only (e.g. +14155550123).');

export const isoDateInput = z.iso.date({ message: 'is not a date' });
