import { linesForReprice } from '../../billing/billing-acts';
import { findProduct } from '../../catalog/products';
import { ApiError } from '../../errors';
import { livemode, type Scope } from '../../scope';
import { changeOrder } from '../change-order';
import { illegalMove } from '../order-errors';
import { optionViolations, priceWith } from '../order-options';
import type { OrderRecord } from '../../store/entities/service-order';
import { addCompanyNotDissolvedCheck, CompanyDissolvedMeanwhile, getCompany } from '../../store/entities/company';

/**
 * An operator-side change of options and so price (sandbox POST /sandbox/service-orders/{id}/reprice):
 * `service_order.updated`; the running period was billed at the old price, so an upgrade bills the
 * difference and a reversed upgrade credits it back, in the same transaction. A reprice that changes
 * neither options nor price writes nothing and fires nothing (spec: `service_order.updated` is "options
 * or price changed"); a dissolved company's order is final, refused as every change of a dissolved
 * company is, and the write is conditioned on the company not being dissolved meanwhile.
 */
export async function repriceOrder(scope: Scope, orderId: string, options: Record<string, string>): Promise<OrderRecord> {
  try {
    return await changeOrder(scope, orderId, async (order, at) => {
      if (order.status === 'canceled' || order.status === 'quote_pending')
        throw illegalMove(
          `The order is ${order.status}: its price cannot change.`,
          'Reprice received, in-progress or completed orders only.',
        );
      const company = await getCompany(scope, order.company, { consistent: true });
      if (company?.status === 'dissolved') throw companyDissolved();
      const product = findProduct(order.product_key)!;
      const errors = optionViolations(product, options);
      if (errors.length) throw new ApiError('invalid_request', errors.map((e) => `${e.location} ${e.reason}`).join('; '), errors);
      const chosen = { ...order.options, ...options };
      const amount = priceWith(product, chosen, order.included_in);
      if (amount === order.unit_amount && sameOptions(chosen, order.options ?? {})) return undefined;
      const change = (order.reprices ?? 0) + 1;
      // The running period is billed for advance orders (one-time ones at creation); arrears bill later.
      const billedCurrentPeriod = order.billing === 'advance';
      const lines = linesForReprice(order, amount, change, billedCurrentPeriod, at, livemode(scope)).lines;
      const next: OrderRecord = { ...order, options: chosen, unit_amount: amount, reprices: change };
      return { next, events: ['service_order.updated'], lines, also: (ws) => addCompanyNotDissolvedCheck(ws, scope, order.company) };
    });
  } catch (error) {
    if (error instanceof CompanyDissolvedMeanwhile) throw companyDissolved();
    throw error;
  }
}

/** A dissolved company is final (spec Company status): its orders' price no longer changes. */
const companyDissolved = () =>
  illegalMove(
    'The company is dissolved: its orders are final and their price cannot change.',
    'Reprice an order of one of your open companies (GET /v1/companies?status=active).',
    '$.company',
  );

const sameOptions = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length && Object.keys(a).every((k) => Object.hasOwn(b, k) && a[k] === b[k]);
