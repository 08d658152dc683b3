import { findProduct } from '../catalog/products';
import type { LedgerLine } from '../billing/ledger-line';
import { formatMoney, optionWords, productName } from '../billing/line-words';
import type { CompanyPreview, PreviewLine } from '../resources/company-preview';
import type { ServiceOrderRecord } from '../resources/service-order';
import { previewCompanyCreation, type CreateCompanyInput, type CreationPlan } from './operations/create-company';

/**
 * POST /companies/preview: creation's path up to its commit (lib/companies/operations/create-company.ts),
 * then the company as it would be answered and the lines creation would bill, read from the ledger
 * lines in the very transaction creation would commit: their sum is what creation bills, to the cent.
 */
export async function previewCompany(input: Omit<CreateCompanyInput, 'addAnswer'>): Promise<CompanyPreview> {
  const plan = await previewCompanyCreation(input);
  const lines = previewLines(plan.orders, billedLines(plan));
  return {
    object: 'company_preview',
    company: previewedCompany(plan),
    lines,
    amount_due_now: lines.reduce((sum, line) => sum + line.unit_amount, 0),
    currency: 'usd',
  };
}

/** The ledger lines among the transaction's puts. */
function billedLines(plan: CreationPlan): LedgerLine[] {
  return plan.ws.actions
    .map((a) => (a.kind === 'put' ? a.item : undefined))
    .filter((item): item is Record<string, unknown> => item?.entity === 'ledger_line')
    .map((item) => item as unknown as LedgerLine);
}

/** What creation would answer, less what only the write gives it, its fields in creation's order. */
function previewedCompany(plan: CreationPlan): CompanyPreview['company'] {
  const { id: _id, created_at: _c, updated_at: _u, ...rest } = plan.response;
  const out: CompanyPreview['company'] = { ...rest };
  if (plan.accountIsNew) {
    delete out.account_id;
    if (rest.account) {
      const { id: _aid, created_at: _ac, ...fresh } = rest.account;
      out.account = fresh;
    }
  }
  return out;
}

/**
 * Per order, in creation's order: the product at its base price (0 for a bundle inclusion, a quoted
 * product or one billed in arrears), each paid option choice, then each pass-through fee; every amount
 * taken from the ledger lines the order's creation bills, so the lines cannot drift from the bill.
 */
export function previewLines(orders: ServiceOrderRecord[], billed: LedgerLine[]): PreviewLine[] {
  const out: PreviewLine[] = [];
  const shown = new Set<string>();
  for (const order of orders) {
    const name = productName(order.product_key);
    const base = { product_key: order.product_key, currency: 'usd' as const, interval: order.interval ?? 'one_time' };
    const own = billed.find((l) => l.key === `${order.id}#order`);
    if (own) shown.add(own.key);
    if (order.included_in) {
      const bundle = productName(order.included_in);
      out.push({
        ...base,
        kind: 'product',
        description: `${name}, included in the ${bundle}`,
        unit_amount: 0,
        included_in: order.included_in,
      });
      if (own) {
        const chosen = Object.entries(order.options ?? {}).map(([option, value]) => optionWords(option, value).toLowerCase());
        out.push({
          ...base,
          kind: 'option',
          description: `${name}, paid options beyond the ${bundle}${chosen.length ? `: ${chosen.join(', ')}` : ''}`,
          unit_amount: own.amount,
          included_in: order.included_in,
        });
      }
    } else if (order.status === 'quote_pending') {
      out.push({ ...base, kind: 'product', description: `${name}, priced by a quote: billed when you accept it`, unit_amount: 0 });
    } else if (!own) {
      const price = findProduct(order.product_key)?.unit_amount;
      const when =
        order.billing === 'arrears' ? `billed at the end of each ${order.interval === 'yearly' ? 'year' : 'month'}` : 'nothing to bill';
      out.push({
        ...base,
        kind: 'product',
        description: `${name}${price !== undefined ? ` (${formatMoney(price)})` : ''}, ${when}`,
        unit_amount: 0,
      });
    } else {
      const options = own.options ?? [];
      const optionCents = options.reduce((sum, o) => sum + o.amount, 0);
      out.push({ ...base, kind: 'product', description: name, unit_amount: own.amount - optionCents });
      for (const o of options)
        out.push({
          ...base,
          kind: 'option',
          description: `${name}, ${optionWords(o.option, o.value).toLowerCase()}`,
          unit_amount: o.amount,
        });
    }
    (order.fees ?? []).forEach((fee, i) => {
      const line = billed.find((l) => l.key === `${order.id}#fee#${i}`);
      if (line) {
        shown.add(line.key);
        out.push({
          ...base,
          kind: fee.kind as PreviewLine['kind'],
          description: line.description,
          unit_amount: line.amount,
          interval: 'one_time',
        });
      }
    });
  }
  // A billed line of a kind the wording above does not know still counts: the sum is the bill.
  for (const line of billed.filter((l) => !shown.has(l.key))) {
    out.push({
      product_key: line.product_key ?? '',
      kind: 'product',
      description: line.description,
      unit_amount: line.amount,
      currency: 'usd',
      interval: 'one_time',
    });
  }
  return out.map(inLineOrder);
}

/** A line with its fields in the schema's order, whatever order it was built in. */
const inLineOrder = (line: PreviewLine): PreviewLine => ({
  product_key: line.product_key,
  kind: line.kind,
  description: line.description,
  unit_amount: line.unit_amount,
  currency: line.currency,
  interval: line.interval,
  ...(line.included_in !== undefined && { included_in: line.included_in }),
});
