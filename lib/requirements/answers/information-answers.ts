import { z } from 'zod';

/**
 * `information` requirements take free-form answers: an object of 1 to 50 keys, each a short key and
 * a text of at most 5,000 characters (docs/decisions.md, "Lifecycle").
 */
export const informationAnswers = z
  .record(z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, { message: 'is not a key of lowercase letters, digits and underscores' }), z.string().trim().min(1).max(5000))
  .refine((a) => Object.keys(a).length >= 1, { message: 'has no answers', params: { validation_type: 'minProperties', how_to_fix: 'Send at least one answer.' } })
  .refine((a) => Object.keys(a).length <= 50, { message: 'has more than 50 answers', params: { validation_type: 'maxProperties', how_to_fix: 'Send at most 50 answers.' } });
