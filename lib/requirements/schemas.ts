import * as z from 'zod';

/** POST /v1/sandbox/requirements/{requirementID}/cancel `{reason}`. */
export const cancelRequirementBody = z.strictObject({
  reason: z
    .string()
    .trim()
    .min(1)
    .max(500)
    .meta({ examples: ['Opened by mistake'] }),
});
