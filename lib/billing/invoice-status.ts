import { tableName } from '../store/client';
import { commit } from '../event-log/commit';
import { addInvoiceStatusMove } from '../store/entities/invoice';
import type { Scope } from '../scope';
import { WriteSet } from '../store/write-set';
import { ApiError, resourceMissing } from '../errors';
import { getInvoiceRecord } from './close-period';
import type { InvoiceRecord } from './invoice';

/**
 * An invoice after the month-end close (spec Invoice `status`: open, paid, uncollectible, void).
 * Collecting the money runs outside this API, so the platform team records its outcome with the
 * operator CLI (docs/decisions.md, "Month-end invoices"). Stripe's model: an open invoice is paid,
 * written off as uncollectible, or voided; an uncollectible one can still be paid or voided; `paid`
 * and `void` are final. The spec names no event for these moves, so none fires.
 */
export type InvoiceMove = 'paid' | 'uncollectible' | 'void';

const FROM: Record<InvoiceMove, readonly InvoiceRecord['status'][]> = {
  paid: ['open', 'uncollectible'],
  uncollectible: ['open'],
  void: ['open', 'uncollectible'],
};

class InvoiceChanged extends Error {}

export async function moveInvoice(scope: Scope, invoiceId: string, move: InvoiceMove): Promise<InvoiceRecord> {
  for (let attempt = 1; ; attempt++) {
    const read = await getInvoiceRecord(scope, invoiceId);
    if (!read || read.status === 'draft') throw resourceMissing('invoice', invoiceId);
    if (!FROM[move].includes(read.status)) {
      const reason = `The invoice is ${read.status}: it cannot become ${move}.`;
      throw new ApiError('invalid_request', reason, [
        {
          reason,
          location: '$.status',
          validation_type: 'state',
          how_to_fix: `An invoice becomes ${move} only from ${FROM[move].join(' or ')}; read its status with GET /v1/invoices/${invoiceId}.`,
        },
      ]);
    }
    const next: InvoiceRecord = { ...read, status: move, amount_paid: move === 'paid' ? read.total : read.amount_paid };
    const ws = new WriteSet(scope, tableName());
    addInvoiceStatusMove(ws, scope, read, next, () => new InvoiceChanged());
    try {
      await commit(ws);
      return next;
    } catch (error) {
      if (error instanceof InvoiceChanged && attempt < 5) continue;
      throw error;
    }
  }
}
