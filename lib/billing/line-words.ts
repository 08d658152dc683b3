import { findProduct } from '../catalog/products';
import { lineId, type LedgerLine } from './ledger-line';
import { stateName } from './state-names';

/**
 * Invoice lines in words (docs/decisions.md, "The hosted invoice"): what a finance team reads on the
 * hosted invoice, its PDF and `lines[].description` on GET /invoices/{id}, instead of catalog keys
 * such as "formation: state_fee". Derived from what the line bills (its kind, product and act key),
 * so lines stored before the wording read the same as new ones.
 */
export const FEE_NAMES: Record<string, string> = { state_fee: 'State filing fee', processing_fee: 'Processing fee' };

/** A catalog product's name ("Company formation"); an unknown key reads as itself, never as nothing. */
export function productName(productKey: string | undefined): string {
  if (!productKey) return 'Service';
  return findProduct(productKey)?.name ?? productKey.replace(/_/g, ' ');
}

/** "turnaround: expedited" → "Expedited turnaround". */
export function optionWords(option: string, value: string): string {
  const words = `${value} ${option}`.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The name of the fee a `…#fee#<i>` line bills: the i-th fee of the product, as frozen on the order. */
export function feeName(line: Pick<LedgerLine, 'key' | 'product_key' | 'description'>): string {
  const index = Number(/#fee#(\d+)$/.exec(line.key)?.[1]);
  const kind = findProduct(line.product_key ?? '')?.fees[index]?.kind ?? /: (\w+)$/.exec(line.description)?.[1] ?? '';
  return FEE_NAMES[kind] ?? (kind ? optionWords('fee', kind.replace(/_fee$/, '')) : 'Fee');
}

export type WordedLine = Pick<LedgerLine, 'key' | 'kind' | 'product_key' | 'description' | 'options' | 'state'>;

/** "(period 2)": the period a renewal act (`renewal#<k>…`) bills. */
const periodWords = (act: string) => `renewal (period ${Number(/^renewal#(\d+)/.exec(act)?.[1]) + 1})`;

/**
 * The line's description in words, from what it bills: the product always, a fee's state and the
 * filing it pays for ("State filing fee (Delaware), Annual report filing"), a renewal's period.
 */
export function describeLine(line: WordedLine): string {
  const product = productName(line.product_key);
  const act = line.key.slice(line.key.indexOf('#') + 1);
  const chosen = (line.options ?? []).map((o) => optionWords(o.option, o.value).toLowerCase());
  if (/(^|#)fee#\d+$/.test(act)) {
    const fee = `${feeName(line)}${line.state ? ` (${stateName(line.state)})` : ''}, ${product}`;
    return act.startsWith('renewal#') ? `${fee}, ${periodWords(act)}` : fee;
  }
  // An included order's own line (`…#order`, a `difference`) bills only its paid options.
  if (act === 'order' && line.kind === 'difference') {
    const bundle = /beyond (\w+)$/.exec(line.description)?.[1];
    return bundle ? `${product}, paid options beyond the ${productName(bundle)}` : `${product}, paid options`;
  }
  if (act === 'order') return chosen.length ? `${product}, ${chosen.join(', ')}` : product;
  if (act === 'quote') return `${product} (quoted price)`;
  if (act === 'cancel') return `Credit: ${product} canceled before fulfilment`;
  if (act.startsWith('renewal#')) return `${product}${chosen.length ? `, ${chosen.join(', ')}` : ''}, ${periodWords(act)}`;
  if (act.startsWith('reprice#'))
    return line.kind === 'credit'
      ? `Credit: ${product} price lowered for the running period`
      : `${product}, price raised for the running period`;
  if (act === 'carried-out') return `Credit carried to the invoice of ${line.description.replace('credit carried to ', '')}`;
  if (act === 'carried-in') return `Credit carried from invoice ${line.description.replace('credit carried from ', '')}`;
  return line.description;
}

/**
 * The description a stored line is shown with: lines written before the wording kept the catalog key
 * ("formation: state_fee", "credit carried to 2026-12"); those are worded now, the rest are as stored.
 */
export function shownDescription(line: WordedLine): string {
  const raw =
    (line.product_key !== undefined && line.description.startsWith(line.product_key)) ||
    /^credit carried (to|from) [^ ]+$/.test(line.description);
  return raw ? describeLine(line) : line.description;
}

/** One statement line: what the API's invoice lines, the hosted invoice and its PDF each show. */
export interface StatementLine {
  /** The ledger line's id; a paid option's part has its own, derived from the line's act. */
  id: string;
  kind: LedgerLine['kind'] | 'option';
  description: string;
  amount: number;
}

/**
 * A ledger line as statement lines: an order or renewal whose amount prices paid option choices is
 * its product at the base price, then one line per choice ("Company formation", then "Company
 * formation, expedited turnaround"), as the preview shows them before the order is made.
 */
export function statementLines(line: LedgerLine): StatementLine[] {
  const options = line.options ?? [];
  const optionsSum = options.reduce((sum, o) => sum + o.amount, 0);
  const whole = { id: line.id, kind: line.kind, description: shownDescription(line), amount: line.amount };
  if (!options.length || optionsSum > line.amount || line.amount < 0) return [whole];
  return [
    { ...whole, description: describeLine({ ...line, options: [] }), amount: line.amount - optionsSum },
    ...options.map((o) => ({
      id: lineId(`${line.key}#option#${o.option}`),
      kind: 'option' as const,
      description: describeLine({ ...line, options: [o] }),
      amount: o.amount,
    })),
  ];
}

/** Cents as a finance team reads them: "$3,164.00", "-$25.00". */
export function formatMoney(cents: number, currency = 'usd'): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}
