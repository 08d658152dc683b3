import { useStackDatabase } from '../support/stack';
import { newId } from '../../lib/ids';
import { tableName } from '../../lib/store/client';
import { commit } from '../../lib/event-log/commit';
import { WriteSet } from '../../lib/store/write-set';
import type { Scope } from '../../lib/scope';
import { addLedgerLines, linesOfInvoice, partnersWithUnbilledLines, unbilledLines } from '../../lib/billing/ledger-store';
import { JOB_SHARDS } from '../../lib/store/keys';
import { newLine } from '../../lib/billing/ledger-line';
import { closePeriod } from '../../lib/billing/close-period';
import { listInvoices } from '../../lib/billing/invoice-store';

useStackDatabase();

async function bill(scope: Scope, amounts: number[], billedAt: string) {
  for (let i = 0; i < amounts.length; i += 25) {
    const ws = new WriteSet(scope, tableName());
    addLedgerLines(
      ws,
      scope,
      amounts.slice(i, i + 25).map((amount, j) =>
        newLine({
          key: `act-${billedAt}-${i + j}`,
          kind: amount < 0 ? 'credit' : 'order',
          description: 'test act',
          amount,
          currency: 'usd',
          billed_at: billedAt,
          livemode: scope.mode === 'live',
        }),
      ),
    );
    await commit(ws);
  }
}

describe('the month-end close', () => {
  it('three concurrent closers over many batches make one invoice holding every line once', async () => {
    const scope: Scope = { partnerId: newId('partner'), mode: 'test' };
    const amounts = Array.from({ length: 130 }, (_, i) => (i % 7 === 0 ? -(i * 3) : 1000 + i));
    await bill(scope, amounts, '2027-03-10T12:00:00.000Z');
    await bill(scope, [555], '2027-02-01T00:00:00.000Z'); // a late line of an earlier month joins too
    await bill(scope, [777], '2027-04-02T00:00:00.000Z'); // next month's stays unbilled
    // The scheduled job finds the partner through the sharded index, without a list of partners.
    expect(await partnersWithUnbilledLines('test', '2027-03', JOB_SHARDS)).toContain(scope.partnerId);
    const closed = await Promise.all([1, 2, 3].map(() => closePeriod(scope, '2027-03', '2027-04-01T00:30:00.000Z')));
    expect(new Set(closed.map((i) => i!.id)).size).toBe(1);
    const invoice = closed[0]!;
    const lines = await linesOfInvoice(scope, invoice.id);
    expect(lines).toHaveLength(131);
    expect(new Set(lines.map((l) => l.id)).size).toBe(131);
    expect(invoice.total).toBe(amounts.reduce((s, a) => s + a, 0) + 555);
    expect(lines.reduce((s, l) => s + l.amount, 0)).toBe(invoice.total);
    expect((await unbilledLines(scope, '2027-04')).map((l) => l.amount)).toEqual([777]);
    expect((await listInvoices(scope, { limit: 10 })).page.total).toBe(1);
  });

  it('a month with more credit than charge is zeroed by a carried credit that opens the next month', async () => {
    const scope: Scope = { partnerId: newId('partner'), mode: 'test' };
    await bill(scope, [1000, -4000], '2027-05-03T00:00:00.000Z');
    const invoice = (await closePeriod(scope, '2027-05', '2027-06-01T00:30:00.000Z'))!;
    expect(invoice).toMatchObject({ total: 0, status: 'paid' });
    const lines = await linesOfInvoice(scope, invoice.id);
    expect(lines.reduce((s, l) => s + l.amount, 0)).toBe(0);
    expect(lines.find((l) => l.kind === 'credit_carried')?.amount).toBe(3000);
    expect((await unbilledLines(scope, '2027-06')).map((l) => l.amount)).toEqual([-3000]);
    expect(await closePeriod(scope, '2027-04', '2027-06-01T00:30:00.000Z')).toBeUndefined();
  });
});
