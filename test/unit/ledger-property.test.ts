import fc from 'fast-check';
import { PRODUCTS, type Product } from '../../lib/catalog/products';
import { creditForCancel, linesForNewOrder, linesForRenewal, linesForReprice, type BillableOrder } from '../../lib/billing/billing-acts';
import type { LedgerLine } from '../../lib/billing/ledger-line';
import { priceWith } from '../../lib/orders/order-options';

/**
 * The ledger never drifts: under any sequence of orders, cancels, upgrades/downgrades and renewals
 * (renewal runs repeated, as a double or concurrent job would), applied with the same pure billing
 * acts and the same transaction rule the store uses (a line is put only if its act key is new, and
 * the order's billed total moves only if every line of the act was put):
 *  - every amount is an integer number of cents;
 *  - each order's lines sum to its billed total, and the ledger to the sum of those totals;
 *  - a canceled order nets to zero;
 *  - no act is billed twice (one line per key);
 *  - splitting the ledger into monthly invoices loses and doubles nothing.
 */
type Sim = {
  order: BillableOrder & {
    status: 'received' | 'canceled';
    periods: number;
    reprices: number;
    options: Record<string, string>;
    recurring: boolean;
  };
  product: Product;
};

const billable = PRODUCTS.filter((p) => !p.quoted && p.key !== 'formation');

const action = fc.oneof(
  fc.record({ kind: fc.constant('order' as const), product: fc.nat(billable.length - 1), upgrade: fc.boolean() }),
  fc.record({ kind: fc.constant('cancel' as const), target: fc.nat(40) }),
  fc.record({ kind: fc.constant('reprice' as const), target: fc.nat(40), upgrade: fc.boolean() }),
  fc.record({ kind: fc.constant('renew' as const), target: fc.nat(40), repeat: fc.integer({ min: 1, max: 3 }) }),
);

function run(actions: { kind: string; [k: string]: unknown }[]) {
  const ledger = new Map<string, LedgerLine>();
  const sims: Sim[] = [];
  let clock = Date.parse('2027-01-01T00:00:00Z');
  const tick = () => {
    clock += 3 * 86_400_000;
    return new Date(clock).toISOString();
  };
  const commit = (sim: Sim, lines: LedgerLine[], apply: () => void) => {
    if (lines.some((l) => ledger.has(l.key))) return; // the transaction fails: nothing of the act is written
    for (const l of lines) ledger.set(l.key, l);
    sim.order.billed_amount = (sim.order.billed_amount ?? 0) + lines.reduce((s, l) => s + l.amount, 0);
    apply();
  };
  for (const a of actions) {
    const at = tick();
    const pick = () => (sims.length ? sims[(a.target as number) % sims.length] : undefined);
    if (a.kind === 'order') {
      const product = billable[a.product as number];
      const options = Object.fromEntries(
        Object.entries(product.options).map(([k, spec]) => [k, a.upgrade ? spec.values[spec.values.length - 1] : spec.default]),
      );
      const order = {
        id: `so_${sims.length}`,
        company: 'cmp_1',
        product_key: product.key,
        unit_amount: priceWith(product, options),
        currency: 'usd',
        billing: product.billing,
        fees: product.fees.map((f) => ({ kind: f.kind, unit_amount: f.unit_amount, currency: 'usd' })),
        billed_amount: 0,
      };
      const sim: Sim = {
        order: {
          ...order,
          status: 'received',
          periods: product.billing === 'advance' ? 1 : 0,
          reprices: 0,
          options,
          recurring: product.interval !== 'one_time',
        },
        product,
      };
      sims.push(sim);
      commit(sim, linesForNewOrder(sim.order, at, true).lines, () => undefined);
    } else if (a.kind === 'cancel') {
      const sim = pick();
      if (sim?.order.status !== 'received') continue;
      commit(sim, creditForCancel(sim.order, at, true).lines, () => (sim.order.status = 'canceled'));
    } else if (a.kind === 'reprice') {
      const sim = pick();
      if (!sim || sim.order.status === 'canceled') continue;
      const options = Object.fromEntries(
        Object.entries(sim.product.options).map(([k, spec]) => [k, a.upgrade ? spec.values[spec.values.length - 1] : spec.default]),
      );
      const amount = priceWith(sim.product, options);
      const change = sim.order.reprices + 1;
      commit(sim, linesForReprice(sim.order, amount, change, sim.order.billing === 'advance', at, true).lines, () => {
        sim.order.unit_amount = amount;
        sim.order.reprices = change;
      });
    } else {
      const sim = pick();
      if (!sim || sim.order.status === 'canceled' || !sim.order.recurring) continue;
      const k = sim.order.periods;
      // A double or concurrent run tries the same period again: only the first may bill it.
      for (let i = 0; i < (a.repeat as number); i++)
        commit(sim, linesForRenewal(sim.order, k, at, true).lines, () => (sim.order.periods = k + 1));
    }
  }
  return { ledger: [...ledger.values()], sims };
}

describe('the ledger under random sequences of acts', () => {
  it('never drifts', () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 80 }), (actions) => {
        const { ledger, sims } = run(actions as never);
        expect(ledger.every((l) => Number.isSafeInteger(l.amount))).toBe(true);
        for (const { order } of sims) {
          const own = ledger.filter((l) => l.service_order === order.id).reduce((s, l) => s + l.amount, 0);
          expect(own).toBe(order.billed_amount);
          if (order.status === 'canceled') expect(own).toBe(0);
        }
        const total = ledger.reduce((s, l) => s + l.amount, 0);
        expect(total).toBe(sims.reduce((s, x) => s + (x.order.billed_amount ?? 0), 0));
        expect(new Set(ledger.map((l) => l.key)).size).toBe(ledger.length);
        const byPeriod = new Map<string, number>();
        for (const l of ledger) byPeriod.set(l.period, (byPeriod.get(l.period) ?? 0) + l.amount);
        expect([...byPeriod.values()].reduce((s, v) => s + v, 0)).toBe(total);
      }),
      { numRuns: 300 },
    );
  });
});
