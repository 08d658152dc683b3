import { createHash } from 'node:crypto';
import { periodOf } from './period';

/**
 * One line of the wholesale ledger (docs/decisions.md, "Billing and the ledger": every billable act
 * is a ledger line). Lines are never changed except to be attached to the invoice that bills them; a
 * correction is a new line (a credit).
 * `amount` is signed integer cents: charges positive, credits negative.
 */
export type LineKind = 'order' | 'fee' | 'renewal' | 'credit' | 'difference' | 'credit_carried';

export interface LineOption {
  option: string;
  value: string;
  amount: number;
}

export interface LedgerLine {
  id: string;
  /**
   * The act this line bills, e.g. `so_…#renewal#3`. One line per key, ever: the line's item key is
   * derived from it, so a retried or concurrent act cannot bill twice.
   */
  key: string;
  kind: LineKind;
  description: string;
  amount: number;
  currency: 'usd';
  company?: string;
  service_order?: string;
  product_key?: string;
  /**
   * The paid option choices priced into an order or renewal line's amount, each with the cents it
   * adds (frozen when billed): the hosted invoice shows them as lines under their order.
   */
  options?: LineOption[];
  /** `YYYY-MM` of `billed_at`. */
  period: string;
  billed_at: string;
  livemode: boolean;
}

/** The line id of an act key: `ln_` + 22 characters, the same for the same key. */
export function lineId(key: string): string {
  const digest = createHash('sha256')
    .update(key)
    .digest('base64')
    .replace(/[^0-9A-Za-z]/g, '');
  return `ln_${digest.slice(0, 22)}`;
}

export function newLine(input: Omit<LedgerLine, 'id' | 'period'>): LedgerLine {
  if (!Number.isSafeInteger(input.amount)) throw new Error(`ledger amounts are integer cents, got ${input.amount}`);
  return { id: lineId(input.key), period: periodOf(input.billed_at), ...input };
}

export function sumOf(lines: Pick<LedgerLine, 'amount'>[]): number {
  return lines.reduce((total, line) => total + line.amount, 0);
}
