import * as z from 'zod';
import { noQuery } from '../../input';
import { plainList } from '../../resources/lists';
import type { OperationSpec } from './operation';

/** GET /me's answer (lib/me/describe-caller.ts). */
export const callerSchema = z
  .strictObject({
    object: z.literal('caller'),
    partner_id: z.string(),
    partner_name: z.string(),
    livemode: z.boolean(),
    key_id: z.string(),
    key_name: z.string(),
    scopes: z.array(z.string()),
    expires_at: z.string().nullable(),
    api_version: z.string().meta({ description: 'The version this request ran on.' }),
    default_api_version: z.string(),
    webhook_version: z.string(),
    rate_limit: z.strictObject({ burst: z.number().int(), sustained: z.number().int() }),
  })
  .meta({ id: 'Caller', description: 'Who is calling: partner, key, mode, scopes and versions.' });

/** One catalog product (lib/catalog/products.ts). */
export const productSchema = z
  .strictObject({
    object: z.literal('product'),
    key: z.string(),
    name: z.string(),
    description: z.string(),
    unit_amount: z.number().int().optional().meta({ description: 'Wholesale cents; absent on quoted products.' }),
    currency: z.string(),
    interval: z.enum(['one_time', 'monthly', 'yearly']),
    billing: z.enum(['advance', 'arrears']),
    options: z.record(z.string(), z.strictObject({ values: z.array(z.string()), default: z.string(), amounts: z.record(z.string(), z.number().int()).optional() })),
    fees: z.array(
      z.strictObject({ kind: z.string(), unit_amount: z.number().int(), currency: z.string(), by_state: z.record(z.string(), z.number().int()).optional() }),
    ),
    mandatory_for: z.array(z.enum(['formation', 'pre_existing'])),
    includes: z.array(z.string()),
    per_owner: z.boolean(),
    quoted: z.boolean(),
    grants: z.string().nullable(),
    entity_types: z.array(z.enum(['llc', 'c_corp'])),
  })
  .meta({ id: 'Product', description: 'A catalog product at its wholesale price.' });

export const foundationOperations: OperationSpec[] = [
  {
    method: 'GET',
    path: '/v1/me',
    operationId: 'getMe',
    summary: 'The caller: partner, key, mode, scopes and versions',
    tag: 'Account',
    scope: 'none',
    query: noQuery,
    responses: { 200: { description: 'The caller.', schema: callerSchema } },
  },
  {
    method: 'GET',
    path: '/v1/products',
    operationId: 'listProducts',
    summary: 'The product catalog at wholesale prices',
    tag: 'Catalog',
    scope: 'orders:read',
    query: noQuery,
    responses: { 200: { description: 'Every product.', schema: plainList('ProductList', productSchema, 'The catalog.') } },
  },
];
