import { findProduct } from '../catalog/products';
import { ownValue } from '../caller-keys';
import { newLine, sumOf, type LedgerLine, type LineOption } from './ledger-line';
import { describeLine } from './line-words';

/**
 * What each billable act of an order writes to the ledger (spec Service order billing rules). Pure:
 * the order operations put these lines into the same transaction as the act, and add their sum to the
 * order's `billed_amount`, so "what was billed" is always one number on the order.
 */
export interface BillableOrder {
  id: string;
  company: string;
  product_key: string;
  unit_amount: number;
  currency: string;
  fees?: { kind: string; unit_amount: number; currency: string }[];
  /** The state whose state fees the order carries (internal; never on the API). */
  fee_state?: string;
  included_in?: string;
  /** The option choices of the order (spec Service order `options`). */
  options?: Record<string, string>;
  billing: 'advance' | 'arrears';
  /** Net cents billed for this order so far (internal; never on the API). */
  billed_amount?: number;
}

export interface BillingResult {
  lines: LedgerLine[];
  /** Add to the order's `billed_amount`. */
  billed: number;
}

/** Every line is written with its description in words (lib/billing/line-words.ts). */
const result = (lines: LedgerLine[]): BillingResult => ({
  lines: lines.map((line) => ({ ...line, description: describeLine(line) })),
  billed: sumOf(lines),
});

/**
 * The paid choices inside a full-price line's amount, each at what the catalog adds for it now (the
 * order was priced from the same catalog when it was made). None when they would not fit inside the
 * amount (a repriced order): the line then reads as one amount.
 */
function pricedOptions(order: BillableOrder, amount: number): LineOption[] | undefined {
  const product = findProduct(order.product_key);
  if (!product || order.included_in) return undefined;
  const out: LineOption[] = [];
  for (const [option, spec] of Object.entries(product.options)) {
    const value = ownValue(order.options ?? {}, option) ?? spec.default;
    const adds = ownValue(spec.amounts ?? {}, value) ?? 0;
    if (adds > 0) out.push({ option, value, amount: adds });
  }
  const sum = sumOf(out);
  return out.length && sum <= amount && (product.unit_amount ?? 0) + sum === amount ? out : undefined;
}

const withOptions = (options: LineOption[] | undefined) => (options ? { options } : {});

/** What every line an order's act bills carries: the order, its company and product, when and in which mode it was billed. */
const orderLine = (order: BillableOrder, at: string, livemode: boolean) => ({
  currency: 'usd' as const,
  company: order.company,
  service_order: order.id,
  product_key: order.product_key,
  billed_at: at,
  livemode,
});

/**
 * An order as it is created (or a quote as it is accepted): the price, unless the product bills in
 * arrears (then its first period bills at its end); and each pass-through fee, frozen at order time. An
 * included order's price is only what a paid option adds beyond the bundle: a `difference` line.
 */
export function linesForNewOrder(order: BillableOrder, at: string, livemode: boolean): BillingResult {
  const lines: LedgerLine[] = [];
  const base = orderLine(order, at, livemode);
  if (order.billing === 'advance' && order.unit_amount !== 0) {
    const kind = order.included_in ? 'difference' : 'order';
    const description = order.included_in ? `${order.product_key}: paid option beyond ${order.included_in}` : order.product_key;
    lines.push(
      newLine({
        ...base,
        key: `${order.id}#order`,
        kind,
        description,
        amount: order.unit_amount,
        ...withOptions(pricedOptions(order, order.unit_amount)),
      }),
    );
  }
  lines.push(...feeLines(order, order.id, base));
  return result(lines);
}

/**
 * Each pass-through fee of the order, at its frozen amount, as its own line keyed `<act>#fee#<i>`; a
 * state fee names its state. A renewal bills them again: the state charges them every period.
 */
function feeLines(order: BillableOrder, act: string, base: ReturnType<typeof orderLine>) {
  return (order.fees ?? []).flatMap((fee, i) =>
    fee.unit_amount === 0
      ? []
      : [
          newLine({
            ...base,
            key: `${act}#fee#${i}`,
            kind: 'fee',
            description: `${order.product_key}: ${fee.kind}`,
            amount: fee.unit_amount,
            ...(fee.kind === 'state_fee' && order.fee_state ? { state: order.fee_state } : {}),
          }),
        ],
  );
}

/** An accepted quote bills its quoted price, once. */
export function linesForAcceptedQuote(order: BillableOrder, amount: number, at: string, livemode: boolean): BillingResult {
  if (amount === 0) return result([]);
  return result([
    newLine({
      key: `${order.id}#quote`,
      kind: 'order',
      description: `${order.product_key} (quoted)`,
      amount,
      ...orderLine(order, at, livemode),
    }),
  ]);
}

/** A cancel before fulfilment: one credit reversing everything billed for the order. */
export function creditForCancel(order: BillableOrder, at: string, livemode: boolean): BillingResult {
  const billed = order.billed_amount ?? 0;
  if (billed === 0) return result([]);
  return result([
    newLine({
      key: `${order.id}#cancel`,
      kind: 'credit',
      description: `${order.product_key}: canceled before fulfilment`,
      amount: -billed,
      ...orderLine(order, at, livemode),
    }),
  ]);
}

/**
 * Period k of a recurring order, billed once: what the order billed for its first period, its price
 * and its pass-through fees (docs/decisions.md, "Billing and the ledger"). An arrears order billed its
 * fees at creation, for its first period, so its period-0 bill is the price alone.
 */
export function linesForRenewal(order: BillableOrder, k: number, at: string, livemode: boolean): BillingResult {
  const act = `${order.id}#renewal#${k}`;
  const base = orderLine(order, at, livemode);
  const lines: LedgerLine[] = [];
  if (order.unit_amount !== 0)
    lines.push(
      newLine({
        ...base,
        key: act,
        kind: 'renewal',
        description: `${order.product_key}: period ${k + 1}`,
        amount: order.unit_amount,
        ...withOptions(pricedOptions(order, order.unit_amount)),
      }),
    );
  if (order.billing === 'advance' || k > 0) lines.push(...feeLines(order, act, base));
  return result(lines);
}

/**
 * An operator-side price change (`service_order.updated`): the running period was billed at the old
 * price, so the difference is billed (an upgrade) or credited (a reversed upgrade). Arrears products
 * bill the new price at the period's end and need no line now. `change` numbers the changes of the
 * order, so each is billed once.
 */
export function linesForReprice(
  order: BillableOrder,
  newAmount: number,
  change: number,
  billedCurrentPeriod: boolean,
  at: string,
  livemode: boolean,
): BillingResult {
  const diff = newAmount - order.unit_amount;
  if (diff === 0 || !billedCurrentPeriod) return result([]);
  return result([
    newLine({
      key: `${order.id}#reprice#${change}`,
      kind: diff > 0 ? 'difference' : 'credit',
      description: diff > 0 ? `${order.product_key}: upgrade difference` : `${order.product_key}: reversed upgrade credited`,
      amount: diff,
      ...orderLine(order, at, livemode),
    }),
  ]);
}
