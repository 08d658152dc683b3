import * as z from 'zod';
import { patterned } from '../input/patterned';

/**
 * A name is stored trimmed with single spaces (lib/companies/normalise-name.ts), so spaces alone would
 * be stored as "" and render `legal_name` " LLC": the spec's 1..255 characters hold for the stored name.
 * An empty string is left to `min(1)`, which already refuses it.
 */
const isNotOnlySpaces = (name: string) => name === '' || name.trim() !== '';

/**
 * A company's `name` as creation takes it (spec create-company `name`), in a module of its own: GET
 * /name-availability and a name change check a name by this very schema, and with it alone they build
 * none of the creation body's other schemas at a cold start (docs/decisions.md, "Bundles").
 */
export const companyNameInput = patterned(
  /^[A-Za-z0-9 &-]+$/,
  'Use only letters, digits, spaces, hyphens and ampersands, such as "Acme Widgets", and leave the ending (LLC, Inc.) out: set `ending` instead.',
  'pattern',
  z.string().min(1).max(255),
)
  .refine(isNotOnlySpaces, {
    message: 'is only spaces',
    params: { validation_type: 'minLength', how_to_fix: 'Send a name with letters or digits, not spaces alone, such as "Acme Widgets".' },
  })
  .meta({ examples: ['Acme Widgets'], pattern: '^[A-Za-z0-9 &-]+$' });
