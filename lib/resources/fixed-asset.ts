import * as z from 'zod';
import { onFirstUse } from './built-on-first-use';
import { dateTime, idOf } from './shared';

/** A fixed asset of a company's register (spec Resources → Fixed asset; units in docs/decisions.md). */
export const fixedAssetSchema = onFirstUse(() =>
  z
    .strictObject({
      object: z.literal('fixed_asset'),
      id: idOf('fixedAsset'),
      number: z.string(),
      company: idOf('company'),
      title: z.string(),
      livemode: z.boolean(),
      created_at: dateTime(),
      placed_in_service: z.iso.date(),
      cost: z.number().int().meta({ description: 'Cents.' }),
      salvage_value: z.number().int().meta({ description: 'Cents.' }),
      business_use: z.number().meta({ description: 'Percent of business use, >0..100, at most two decimals.' }),
      depreciable_basis: z.number().int().meta({ description: 'Cents: round(cost × business_use / 100).' }),
    })
    .meta({ id: 'FixedAsset', description: 'An asset of the fixed-asset register, from which the federal filing draws.' }),
);

export const deletedFixedAssetSchema = onFirstUse(() =>
  z
    .strictObject({ object: z.literal('fixed_asset'), id: idOf('fixedAsset'), deleted: z.literal(true) })
    .meta({ id: 'DeletedFixedAsset', description: 'The asset was removed from the register.' }),
);
