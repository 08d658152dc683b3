import * as z from 'zod';
import { findProduct, FORMATION_PRODUCT_KEY, PRODUCTS, type Product } from '../catalog/products';
import { nowIso } from '../clock';
import { ApiError, closest, resourceMissing, withArticle, type FieldError } from '../errors';
import { getPartner } from '../partners/partner';
import { commit } from '../event-log/commit';
import { tableName } from '../store/client';
import type { Scope } from '../scope';
import { WriteSet } from '../store/write-set';
import { CompanyChanged, getCompany } from '../store/entities/company';
import { newServiceOrder } from './new-service-order';
import { addServiceOrderCreation } from './add-order-creation';
import { renderServiceOrder, type ServiceOrder } from '../resources/service-order';
import { addEntitlementChange } from '../entitlements/change-entitlements';
import { optionViolations } from './order-options';
import { callerKeyedRecord } from '../resources/caller-keyed-record';
import { serviceOrderCountOfCompany } from '../store/entities/service-order';
import { listCapReached, MAX_SERVICE_ORDERS_PER_COMPANY } from '../resources/list-caps';

export const createOrderBody = z.strictObject({
  product_key: z
    .string()
    .min(1)
    .max(50)
    .meta({ examples: ['registered_agent'] }),
  options: callerKeyedRecord(z.string(), z.string()).optional(),
  shareholder: z
    .string()
    .optional()
    .meta({ examples: ['sh_4Vb8Nq2LxR7tKp1WmZ3cYd'] }),
});
export type CreateOrderBody = z.infer<typeof createOrderBody>;

export interface CreateOrderInput {
  scope: Scope;
  companyId: string;
  body: CreateOrderBody;
  /** Adds the request's answer to the creating transaction: the Idempotency-Key's completion and the log entry (lib/http/answer-in-transaction.ts). */
  addAnswer?: (ws: WriteSet, order: ServiceOrder) => void;
}

/** The fix for an unknown product key: the closest orderable key, then all of them. */
function orderableKeysFix(sent: string): string {
  const keys = PRODUCTS.filter((p) => p.key !== FORMATION_PRODUCT_KEY).map((p) => p.key);
  return `Send a product key of GET /v1/products, such as "product_key": "${closest(sent, keys)}"; the keys are ${keys.join(', ')}.`;
}

const invalid = (errors: FieldError[]) =>
  new ApiError('invalid_request', errors.map((e) => `${e.location} ${e.reason}`).join('; '), errors);

/** Refusals that depend on the product and the company only (docs/decisions.md, "Error codes of ordering"). */
function orderViolations(
  product: Product | undefined,
  body: CreateOrderBody,
  company: { entity_type: string; shareholders?: { id: string }[] },
): FieldError[] {
  if (!product) {
    return [
      {
        reason: `'${body.product_key}' is not a catalog product`,
        location: '$.product_key',
        validation_type: 'enum',
        how_to_fix: orderableKeysFix(body.product_key),
      },
    ];
  }
  const out: FieldError[] = [];
  if (product.key === FORMATION_PRODUCT_KEY) {
    out.push({
      reason: 'formation is ordered only when the company is created',
      location: '$.product_key',
      validation_type: 'enum',
      how_to_fix: 'Order formation through POST /v1/companies (its turnaround option is chosen there).',
    });
  }
  if (product.entity_types.length && !product.entity_types.includes(company.entity_type as 'llc')) {
    out.push({
      reason: `'${product.key}' is not offered for ${company.entity_type} companies`,
      location: '$.product_key',
      validation_type: 'enum',
      how_to_fix: `Order '${product.key}' for ${withArticle(product.entity_types.join(' or '))} company, or pick another product from GET /v1/products.`,
    });
  }
  out.push(...optionViolations(product, body.options));
  if (product.per_owner) {
    if (!body.shareholder)
      out.push({
        reason: `'${product.key}' is ordered per owner`,
        location: '$.shareholder',
        validation_type: 'required',
        how_to_fix: "Name the owner with 'shareholder' (an sh_… id from the company's shareholders).",
      });
    else if (!company.shareholders?.some((s) => s.id === body.shareholder))
      out.push({
        reason: `'${body.shareholder}' is not an owner of this company`,
        location: '$.shareholder',
        validation_type: 'enum',
        how_to_fix: "Use the id of one of the company's shareholders.",
      });
  } else if (body.shareholder !== undefined) {
    out.push({
      reason: `'${product.key}' is not a per-owner product`,
      location: '$.shareholder',
      validation_type: 'additionalProperties',
      how_to_fix: `Remove shareholder: '${product.key}' is ordered once for the company.`,
    });
  }
  return out;
}

/**
 * POST /companies/{id}/service-orders: orders a catalog product at wholesale on an existing company.
 * The order, the orders its bundle includes, their ledger lines, the right a granting product adds and
 * every event commit in ONE transaction. Refusals: an unknown company (404), an inactive billing
 * account (`billing_account_inactive`, 402), a dissolved company, bad product, options or owner, and a
 * company holding MAX_SERVICE_ORDERS_PER_COMPANY orders (`invalid_request`).
 */
export async function createOrder(input: CreateOrderInput): Promise<ServiceOrder> {
  const { scope, body } = input;
  for (let attempt = 1; ; attempt++) {
    // Billing state is read here, beside the company, never from the partner the request path keeps.
    const [company, partner, held] = await Promise.all([
      getCompany(scope, input.companyId, { consistent: true }),
      getPartner(scope.partnerId),
      serviceOrderCountOfCompany(scope, input.companyId),
    ]);
    if (!company) throw resourceMissing('company', input.companyId);
    if (partner?.billing_status !== 'active') {
      throw new ApiError('billing_account_inactive', 'Your billing account is not active, so nothing can be ordered.', [
        {
          reason: 'billing account inactive',
          location: '$.product_key',
          validation_type: 'state',
          how_to_fix: 'Reactivate billing from the partner dashboard (or contact us), then retry.',
        },
      ]);
    }
    if (company.status === 'dissolved' || company.status === 'cancelled') {
      throw new ApiError('invalid_request', `The company is ${company.status}: nothing further can be ordered.`, [
        {
          reason: `the company is ${company.status}`,
          location: '$.product_key',
          validation_type: 'state',
          how_to_fix: `Nothing can be ordered for a ${company.status} company; order for one of your open companies (GET /v1/companies?status=active).`,
        },
      ]);
    }
    const product = findProduct(body.product_key);
    const errors = orderViolations(product, body, company);
    if (errors.length) throw invalid(errors);
    if (held + 1 + product!.includes.length > MAX_SERVICE_ORDERS_PER_COMPANY)
      throw listCapReached(
        'service orders',
        MAX_SERVICE_ORDERS_PER_COMPANY,
        'Orders are never deleted, so none frees a place: contact support with the company id to raise the cap.',
      );

    const at = nowIso();
    const order = newServiceOrder(scope, {
      product: product!,
      companyId: company.id,
      state: company.state,
      options: body.options,
      shareholder: body.shareholder,
      createdAt: at,
    });
    const included = product!.includes.map((key) =>
      newServiceOrder(scope, {
        product: findProduct(key)!,
        includedIn: product!.key,
        companyId: company.id,
        state: company.state,
        createdAt: at,
      }),
    );
    const ws = new WriteSet(scope, tableName());
    for (const o of [order, ...included]) addServiceOrderCreation(ws, scope, o);
    let current = company;
    for (const p of [product!, ...product!.includes.map((k) => findProduct(k)!)]) {
      if (p.grants && !p.quoted) current = addEntitlementChange(ws, scope, current, p.grants, 1, at);
    }
    const response = renderServiceOrder(order, { withForm: true });
    input.addAnswer?.(ws, response);
    try {
      await commit(ws);
      return response;
    } catch (error) {
      if (error instanceof CompanyChanged && attempt < 6) continue;
      throw error;
    }
  }
}
