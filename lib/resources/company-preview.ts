import * as z from 'zod';
import { onFirstUse } from './built-on-first-use';
import { accountSchema } from './account';
import { companySchema } from './company';
import { idOf } from './shared';

export const PREVIEW_LINE_KINDS = ['product', 'option', 'state_fee', 'processing_fee'] as const;

/** One priced line of a preview: what creation will bill for it now, in cents. */
export const previewLineSchema = onFirstUse(() =>
  z
    .strictObject({
      product_key: z.string(),
      kind: z.enum(PREVIEW_LINE_KINDS),
      description: z.string(),
      unit_amount: z.number().int().meta({
        description: 'Cents billed at creation for this line; 0 for a bundle inclusion, a quoted product or one billed in arrears.',
      }),
      currency: z.literal('usd'),
      interval: z.enum(['one_time', 'monthly', 'yearly']),
      included_in: z.string().optional().meta({ description: 'The bundle product this one comes with.' }),
    })
    .meta({ id: 'CompanyPreviewLine', description: 'A priced line of a company preview.' }),
);

/**
 * POST /companies/preview's answer (docs/api.md, "Added for the partner experience"): the
 * company as creation would return it less what only a write gives it (`id`, `created_at`,
 * `updated_at`, and `account_id` when the account would be created alongside).
 */
export const companyPreviewSchema = onFirstUse(() =>
  z
    .strictObject({
      object: z.literal('company_preview'),
      // extend() keeps account_id and account where the Company has them: the order creation answers.
      company: companySchema()
        .omit({ id: true, created_at: true, updated_at: true })
        .extend({
          account_id: idOf('account').optional(),
          account: accountSchema().partial({ id: true, created_at: true }).optional(),
        })
        .meta({
          id: 'CompanyPreviewCompany',
          description:
            'The company as creation would return it, less `id`, `created_at`, `updated_at` (and `account_id` for a new account).',
        }),
      lines: z.array(previewLineSchema()),
      amount_due_now: z.number().int().meta({ description: 'The sum of `lines`: what creation bills, to the cent.' }),
      currency: z.literal('usd'),
    })
    .meta({ id: 'CompanyPreview', description: 'A create-company request run without writing anything.' }),
);

export type CompanyPreview = z.infer<ReturnType<typeof companyPreviewSchema>>;
export type PreviewLine = z.infer<ReturnType<typeof previewLineSchema>>;
