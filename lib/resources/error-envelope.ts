import * as z from 'zod';
import { onFirstUse } from './built-on-first-use';
import { ERROR_CODES } from '../errors';

/** The error envelope (spec Errors): every non-2xx answer of the API. */
export const errorEnvelopeSchema = onFirstUse(() =>
  z
    .strictObject({
      type: z.string().meta({ description: 'Link to the reference entry: {docs_url}/partner/errors#<code>.' }),
      title: z.string(),
      status: z.number().int().min(100).max(599),
      code: z.enum(Object.keys(ERROR_CODES) as [string, ...string[]]),
      detail: z.string().optional(),
      request_id: z.string().optional(),
      errors: z
        .array(
          z.strictObject({
            reason: z.string(),
            location: z.string().optional().meta({ description: 'JSONPath of the failing field, e.g. $.name.' }),
            validation_type: z.string().optional(),
            how_to_fix: z.string().optional(),
          }),
        )
        .optional(),
    })
    .meta({ id: 'Error', description: 'The error envelope; clients branch on code, never on detail.' }),
);
