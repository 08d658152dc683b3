import type { Scope } from '../scope';
import type { WriteSet } from '../store/write-set';
import { addLedgerLine, type LedgerLine } from '../store/entities/ledger-line';

/** The ledger's items and named reads are the entity's (lib/store/entities/ledger-line.ts). */
export {
  ledgerLineItem,
  linesOfInvoice,
  partnersWithUnbilledLines,
  toLedgerLine,
  unbilledLines,
} from '../store/entities/ledger-line';

/** The act was billed already (a retry, a second job run, a concurrent one): nothing more to bill. */
export class AlreadyBilled extends Error {
  constructor(readonly key: string) {
    super(`already billed: ${key}`);
  }
}

/**
 * Writes lines in the transaction of the act they bill. Each put is conditioned on the line not
 * existing: the same act can never bill twice, whoever runs it and however often.
 */
export function addLedgerLines(ws: WriteSet, scope: Scope, lines: LedgerLine[]): WriteSet {
  for (const line of lines) addLedgerLine(ws, scope, line, () => new AlreadyBilled(line.key));
  return ws;
}
