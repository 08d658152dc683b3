import * as z from 'zod';
import { apiOperation } from '../../lib/http/api-operation';
import { noQuery } from '../../lib/input';
import { companyIdParams } from '../../lib/companies/schemas';
import { presentCompany } from '../../lib/companies/expand-company';
import { changeEntitlements } from '../../lib/entitlements/change-entitlements';
import { PRODUCTS } from '../../lib/catalog/products';

const KINDS = [...new Set(PRODUCTS.map((p) => p.grants).filter((g): g is string => !!g))] as [string, ...string[]];
const body = z.strictObject({ kind: z.enum(KINDS), delta: z.number().int().min(-100).max(100).refine((d) => d !== 0, { message: 'must not be 0', params: { validation_type: 'not', how_to_fix: 'Send a positive delta to grant rights or a negative one to take them.' } }) });

/** POST /v1/sandbox/companies/{companyID}/entitlements `{kind, delta}`: `company.entitlements.changed`. */
export const handler = apiOperation({
  scope: 'sandbox:write',
  testModeOnly: true,
  idempotent: true,
  params: companyIdParams,
  query: noQuery,
  body,
  handle: async ({ caller, params, body }) => {
    const company = await changeEntitlements(caller.scope, params.companyID, body.kind, body.delta);
    return { status: 200, body: await presentCompany(caller.scope, company) };
  },
});
