import * as z from 'zod';
import { PRODUCTS } from '../catalog/products';

/** The rights a product can grant: the kinds a sandbox change may name. */
const KINDS = [...new Set(PRODUCTS.map((p) => p.grants).filter((g): g is string => !!g))] as [string, ...string[]];

/** POST /v1/sandbox/companies/{companyID}/entitlements `{kind, delta}`. */
export const changeEntitlementsBody = z.strictObject({
  kind: z.enum(KINDS),
  delta: z
    .number()
    .int()
    .min(-100)
    .max(100)
    .refine((d) => d !== 0, {
      message: 'must not be 0',
      params: {
        validation_type: 'not',
        how_to_fix: 'Send a positive delta to grant rights or a negative one to take them, such as "delta": 1.',
      },
    })
    // The example every refusal shows: the bounds' midpoint would be 0, which the rule above refuses.
    .meta({ examples: [1] }),
});
