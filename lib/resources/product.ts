import * as z from 'zod';
import { onFirstUse } from './built-on-first-use';
import { inOrder } from './in-field-order';

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

/** The Product object's fields in its schema's order (lib/resources/in-field-order.ts). */
export const PRODUCT_FIELDS = [
  'object',
  'key',
  'name',
  'description',
  'unit_amount',
  'currency',
  'interval',
  'billing',
  'options',
  'fees',
  'mandatory_for',
  'includes',
  'per_owner',
  'quoted',
  'grants',
  'entity_types',
] as const satisfies readonly (keyof z.infer<ReturnType<typeof productSchema>>)[];

/**
 * A catalog product (lib/catalog/products.ts) as GET /products shows it: the schema's field order, not
 * the order the catalog spells its entries in (each starts from shared defaults). `grants` stays even
 * when null: the schema requires it.
 */
export function renderProduct<P extends object>(product: P): P {
  return inOrder(product, { fields: PRODUCT_FIELDS });
}
