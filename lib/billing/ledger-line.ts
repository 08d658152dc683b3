import { createHash } from 'node:crypto';
import { periodOf } from './period';

import type { LedgerLine, LineKind, LineOption } from '../store/entities/ledger-line';

/** One line of the wholesale ledger (lib/store/entities/ledger-line.ts keeps it). */
export type { LedgerLine, LineKind, LineOption };

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
