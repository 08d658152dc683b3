import * as z from 'zod';
import { metadataValueSchema } from '../resources/shared';
import { callerKeyedRecord } from '../resources/caller-keyed-record';
import { patterned } from './patterned';

// Request fields several bodies share: metadata, e-mail, phone and date (spec Conventions).

const METADATA_MAX_DEPTH = 5;
const METADATA_VALUE_MAX_CHARS = 500;

/**
 * Why a metadata value cannot be kept verbatim, or undefined. Past the size bounds, numbers are held to
 * what the store gives back digit for digit (magnitudes up to 2^53 − 1, none below 1e-100 but zero) and
 * nested keys must be non-empty.
 */
function metadataValueProblem(value: unknown, depth = 0): { reason: string; validation_type: string; how_to_fix: string } | undefined {
  if (depth > METADATA_MAX_DEPTH)
    return {
      reason: `nests deeper than ${METADATA_MAX_DEPTH} levels`,
      validation_type: 'maxDepth',
      how_to_fix: `Flatten the metadata value to at most ${METADATA_MAX_DEPTH} levels of objects or arrays, such as {"a": {"b": 1}}, or send the deeper part as a JSON string.`,
    };
  if (typeof value === 'number') {
    const size = Math.abs(value);
    if (size > Number.MAX_SAFE_INTEGER || (size !== 0 && size < 1e-100))
      return {
        reason: `holds the number ${value}, which cannot be kept exactly`,
        validation_type: 'maximum',
        how_to_fix:
          'Send metadata numbers between ±9007199254740991 (and 0 or at least 1e-100 in size), such as 1042; send larger or tinier ones as strings, such as "90071992547409910".',
      };
    return undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  if (!Array.isArray(value) && Object.keys(value).some((k) => k === ''))
    return {
      reason: 'has an empty key inside',
      validation_type: 'propertyNames',
      how_to_fix: 'Give every key inside a metadata value at least one character, such as {"note": "value"} rather than {"": "value"}.',
    };
  for (const child of Array.isArray(value) ? value : Object.values(value)) {
    const problem = metadataValueProblem(child, depth + 1);
    if (problem) return problem;
  }
  return undefined;
}

/**
 * `metadata` (spec Conventions): "your own key/value pairs, at most 50 properties, stored and returned
 * verbatim and never interpreted", so a value may be any JSON value, kept as sent. Bounds that keep it
 * a note and not a document: keys 1–40 characters, each value at most 500 characters as JSON and
 * nested at most 5 levels. Any key is kept, `__proto__` and `constructor` included (lib/resources/caller-keyed-record.ts).
 */
export const metadataInput = callerKeyedRecord(
  z.string().min(1).max(40),
  metadataValueSchema().superRefine((value, ctx) => {
    const problem =
      JSON.stringify(value).length > METADATA_VALUE_MAX_CHARS
        ? {
            reason: `is longer than ${METADATA_VALUE_MAX_CHARS} characters as JSON`,
            validation_type: 'maxLength',
            how_to_fix: `Keep each metadata value within ${METADATA_VALUE_MAX_CHARS} characters as JSON, such as "crm_id": "A-1042"; keep longer documents in your own system and store their id here.`,
          }
        : metadataValueProblem(value);
    if (problem)
      ctx.addIssue({
        code: 'custom',
        message: problem.reason,
        params: { validation_type: problem.validation_type, how_to_fix: problem.how_to_fix },
      });
  }),
).superRefine((m, ctx) => {
  const n = Object.keys(m).length;
  if (n > 50) {
    ctx.addIssue({
      code: 'custom',
      message: `has ${n} properties; at most 50 allowed`,
      params: {
        validation_type: 'maxProperties',
        how_to_fix: `Send at most 50 keys in metadata (remove ${n - 50}), such as {"crm_id": "A-1042"}.`,
      },
    });
  }
});

export const emailInput = z
  .string()
  .max(254)
  .pipe(z.email({ message: 'is not an e-mail address' }))
  .meta({ format: 'email', examples: ['ada@example.com'] });

/** E.164: `+` and 7 to 15 digits, the form every carrier and KYC provider accepts. */
export const phoneInput = patterned(
  /^\+[1-9][0-9]{6,14}$/,
  'Send the number in E.164 form: + country code and number, digits only, such as +14155550123.',
).meta({ examples: ['+14155550123'] });

export const isoDateInput = z.iso.date({ message: 'is not a date' });
