import * as z from 'zod';
import { onFirstUse } from './built-on-first-use';

/** One catalog product (lib/catalog/products.ts). */
export const productSchema = onFirstUse(() =>
  z
    .strictObject({
      object: z.literal('product'),
      key: z.string(),
      name: z.string(),
      description: z.string(),
      unit_amount: z.number().int().optional().meta({ description: 'Wholesale cents; absent on quoted products.' }),
      currency: z.string(),
      interval: z.enum(['one_time', 'monthly', 'yearly']),
      billing: z.enum(['advance', 'arrears']),
      options: z.record(
        z.string(),
        z.strictObject({ values: z.array(z.string()), default: z.string(), amounts: z.record(z.string(), z.number().int()).optional() }),
      ),
      fees: z.array(
        z.strictObject({
          kind: z.string(),
          unit_amount: z.number().int(),
          currency: z.string(),
          by_state: z.record(z.string(), z.number().int()).optional(),
        }),
      ),
      mandatory_for: z.array(z.enum(['formation', 'pre_existing'])),
      includes: z.array(z.string()),
      per_owner: z.boolean(),
      quoted: z.boolean(),
      grants: z.string().nullable(),
      entity_types: z.array(z.enum(['llc', 'c_corp'])),
    })
    .meta({ id: 'Product', description: 'A catalog product at its wholesale price.' }),
);
