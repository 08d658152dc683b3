import * as z from 'zod';
import { patterned } from '../input/patterned';

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
).meta({ examples: ['Acme Widgets'] });
