import * as z from 'zod';
import { callerKeyedRecord } from '../../resources/caller-keyed-record';

const KEY = /^[a-z][a-z0-9_]{0,63}$/;

/**
 * `information` requirements take free-form answers: an object of 1 to 50 keys (lowercase letters,
 * digits, underscores), each a text of 1 to 5,000 characters (docs/decisions.md, "Lifecycle").
 */
export const informationAnswers = callerKeyedRecord(z.string(), z.string().trim().min(1).max(5000)).superRefine((answers, ctx) => {
  const keys = Object.keys(answers);
  if (keys.length < 1)
    ctx.addIssue({
      code: 'custom',
      message: 'has no answers',
      params: {
        validation_type: 'minProperties',
        how_to_fix: 'Send at least one answer, such as "answers": {"business_purpose": "Software consulting"}.',
      },
    });
  if (keys.length > 50)
    ctx.addIssue({
      code: 'custom',
      message: `has ${keys.length} answers; at most 50 allowed`,
      params: {
        validation_type: 'maxProperties',
        how_to_fix: `Send at most 50 answers (remove ${keys.length - 50}); put related ones together in one text.`,
      },
    });
  for (const key of keys.filter((k) => !KEY.test(k))) {
    ctx.addIssue({
      code: 'custom',
      path: [key],
      message: 'is not a key of lowercase letters, digits and underscores',
      params: {
        validation_type: 'propertyNames',
        how_to_fix: `Name each answer with lowercase letters, digits and underscores, such as "${
          key
            .toLowerCase()
            .replace(/[^a-z0-9_]+/g, '_')
            .replace(/^_+|_+$/g, '') || 'business_purpose'
        }".`,
      },
    });
  }
});
