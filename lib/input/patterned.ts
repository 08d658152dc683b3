import * as z from 'zod';

/**
 * A string that must match `pattern`, refused with a partner-facing `how_to_fix` and the JSON Schema
 * keyword in `validation_type` (lib/errors/zod-errors.ts reads both from `params`). Its own module, so
 * that a route that only checks an id builds no other request schema at a cold start.
 */
export function patterned(pattern: RegExp, howToFix: string, validationType = 'pattern', base: z.ZodString = z.string()) {
  return base
    .refine((v) => pattern.test(v), {
      message: `does not match ${pattern.source}`,
      params: { validation_type: validationType, how_to_fix: howToFix },
    })
    .meta({ pattern: pattern.source });
}
