import * as z from 'zod';
import { patterned } from '../input/patterned';

import type { FixedAssetRecord } from '../store/entities/fixed-asset';

export type { FixedAssetRecord };

const cents = (what: string) =>
  z
    .number()
    .refine((v) => Number.isSafeInteger(v), {
      message: 'must be an integer number of cents',
      params: { validation_type: 'multipleOf', how_to_fix: `Send ${what} in cents as a whole number, e.g. 125000 for $1,250.00.` },
    })
    .refine((v) => v >= 0 && v <= 100_000_000_000, {
      message: 'must be from 0 to 100000000000 cents',
      params: { validation_type: 'maximum', how_to_fix: `Send ${what} between 0 and $1,000,000,000.00 (in cents).` },
    })
    .meta({ examples: [125000] });

export const createFixedAssetBody = z
  .strictObject({
    title: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .meta({ examples: ['Delivery van'] }),
    placed_in_service: patterned(
      /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/,
      'Send the date the asset was placed in service as YYYY-MM-DD, such as "placed_in_service": "2024-03-01".',
      'format',
    )
      .refine(
        (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v) && v >= '1900-01-01',
        {
          message: 'is not a real calendar date',
          params: {
            validation_type: 'format',
            how_to_fix:
              'Send placed_in_service as a real date on or after 1900-01-01, as YYYY-MM-DD, such as "placed_in_service": "2024-03-01".',
          },
        },
      )
      .meta({ examples: ['2024-03-01'] }),
    cost: cents('cost'),
    salvage_value: cents('salvage_value').optional(),
    business_use: z
      .number()
      .refine((v) => v > 0 && v <= 100, {
        message: 'must be more than 0 and at most 100',
        params: { validation_type: 'maximum', how_to_fix: 'Send the business-use share as a percentage, e.g. 100 or 62.5.' },
      })
      .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-9, {
        message: 'has more than two decimals',
        params: { validation_type: 'multipleOf', how_to_fix: 'Round business_use to two decimals, e.g. 33.33.' },
      })
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.salvage_value !== undefined && body.salvage_value > body.cost) {
      ctx.addIssue({
        code: 'custom',
        path: ['salvage_value'],
        message: 'cannot exceed cost',
        params: {
          validation_type: 'maximum',
          how_to_fix: `Send a salvage_value no larger than cost (${body.cost}), such as "salvage_value": ${Math.floor(body.cost / 10)}.`,
        },
      });
    }
  });

export type CreateFixedAssetBody = z.infer<typeof createFixedAssetBody>;

/** The business-use share of the cost, in cents, rounded half up (business_use has ≤ 2 decimals). */
export function depreciableBasis(cost: number, businessUse: number): number {
  return Math.round((cost * Math.round(businessUse * 100)) / 10_000);
}

export function renderFixedAsset(r: FixedAssetRecord) {
  return {
    object: 'fixed_asset' as const,
    id: r.id,
    number: r.number,
    company: r.company,
    title: r.title,
    livemode: r.livemode,
    created_at: r.created_at,
    placed_in_service: r.placed_in_service,
    cost: r.cost,
    salvage_value: r.salvage_value,
    business_use: r.business_use,
    depreciable_basis: r.depreciable_basis,
  };
}
