import { periodStart, type RecurringInterval } from '../billing/renewal-schedule';
import type { Product } from '../catalog/products';
import { newId } from '../ids';
import { livemode, type Scope } from '../scope';
import { ownValue } from '../caller-keys';
import type { OrderRecord } from '../store/entities/service-order';

export interface NewOrderInput {
  product: Product;
  companyId: string;
  /** The company's formation state: it picks the state fee. */
  state: string;
  /** Option choices already validated against the product; missing ones take the product default. */
  options?: Record<string, string>;
  /** The bundle that attached this product: the order bills nothing of its own. */
  includedIn?: string;
  shareholder?: string;
  createdAt: string;
}

/**
 * A new service order priced at wholesale, its `fees` frozen at today's amounts (spec Service order:
 * "frozen at order-time amounts"). Price = the product's `unit_amount` plus what each chosen option
 * adds; an included order bills only what a paid option choice adds beyond the bundle's; a quoted
 * product is ordered `quote_pending` at 0 until its quote is accepted. Pass-through fees (a state
 * charge) stay on included orders: the state charges them whoever sells the service.
 */
export function newServiceOrder(scope: Scope, input: NewOrderInput): OrderRecord {
  const { product } = input;
  const options: Record<string, string> = {};
  let optionAmount = 0;
  for (const [key, spec] of Object.entries(product.options)) {
    options[key] = ownValue(input.options ?? {}, key) ?? spec.default;
    optionAmount += ownValue(spec.amounts ?? {}, options[key]) ?? 0;
  }
  const base = product.quoted || input.includedIn ? 0 : (product.unit_amount ?? 0);
  const record: OrderRecord = {
    id: newId('serviceOrder'),
    company: input.companyId,
    product_key: product.key,
    interval: product.interval,
    status: product.quoted ? 'quote_pending' : 'received',
    unit_amount: product.quoted ? 0 : base + optionAmount,
    currency: product.currency,
    fees: product.fees.map((fee) => ({
      kind: fee.kind,
      unit_amount: fee.by_state?.[input.state] ?? fee.unit_amount,
      currency: fee.currency,
    })),
    created_at: input.createdAt,
    updated_at: input.createdAt,
    livemode: livemode(scope),
    billing: product.billing,
  };
  if (product.fees.some((fee) => fee.kind === 'state_fee')) record.fee_state = input.state;
  if (Object.keys(options).length) record.options = options;
  if (input.includedIn) record.included_in = input.includedIn;
  if (input.shareholder) record.shareholder = input.shareholder;
  if (product.interval !== 'one_time' && !product.quoted) record.next_renewal_at = addInterval(input.createdAt, product.interval);
  return record;
}

/** One billing period later: the start of the next period, by the renewal schedule's one calendar rule. */
export function addInterval(iso: string, interval: RecurringInterval): string {
  return periodStart(iso, interval, 1);
}
