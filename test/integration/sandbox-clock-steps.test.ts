import { useStackDatabase } from '../support/stack';
import { streamItems } from '../support/event-log';
import { anLlc } from '../support/companies';
import { stream } from '../../lib/events/listing/streams';
import { newId } from '../../lib/ids';
import type { Scope } from '../../lib/scope';
import { createPartner } from '../../lib/partners/partner';
import { createCompany } from '../../lib/companies/operations/create-company';
import { createOrder } from '../../lib/orders/create-order';
import { readOrder } from '../../lib/store/entities/service-order';
import { addAdvanceStart, readSandboxClock } from '../../lib/store/entities/sandbox-clock';
import { runAdvanceStep, type StepOutcome } from '../../lib/sandbox-clock/advance-clock';
import { BoundedRun } from '../../lib/event-log/bounded-run';
import { WriteSet } from '../../lib/store/write-set';
import { commit } from '../../lib/event-log/commit';
import { tableName } from '../../lib/store/client';
import { listInvoices } from '../../lib/billing/invoice-store';
import { linesOfInvoice } from '../../lib/billing/ledger-store';
import type { CreateCompanyBody } from '../../lib/companies/schemas';

/**
 * An advance in bounded steps (docs/decisions.md, "The sandbox clock"): each step stops between two
 * transactions, the next goes on from what the clock recorded, a step run twice (a message handed out
 * again) or two at once do nothing twice, and the advance ends the same as one run to the end.
 */
useStackDatabase();

const DAY = 86_400_000;

async function aSandboxWithOrders(companies: number): Promise<{ scope: Scope; orders: string[] }> {
  const scope: Scope = { partnerId: newId('partner'), mode: 'test' };
  await createPartner({ id: scope.partnerId, name: 'Clock steps', ownerEmail: 'steps@partner.test' });
  const orders: string[] = [];
  for (let i = 0; i < companies; i++) {
    const company = await createCompany({ scope, body: anLlc() as CreateCompanyBody, expand: [] });
    orders.push((await createOrder({ scope, companyId: company.id, body: { product_key: 'bookkeeping' } })).id);
  }
  return { scope, orders };
}

/** Starts an advance as POST /sandbox/clock/advance does, without queueing its first step (the test runs the steps). */
async function startAdvanceHere(scope: Scope, days: number): Promise<{ id: string; to: string }> {
  const from = new Date();
  const to = new Date(from.getTime() + days * DAY).toISOString();
  const id = newId('request').slice(4, 20);
  const ws = new WriteSet(scope, tableName());
  const at = from.toISOString();
  addAdvanceStart(
    ws,
    scope,
    {
      now: at,
      status: 'advancing',
      advance_id: id,
      advance_from: at,
      advance_to: to,
      advance_started_at: at,
      advance_stepped_at: at,
      advance_steps: 0,
    },
    undefined,
  );
  await commit(ws);
  return { id, to };
}

/** A run that stops before its `steps + 1`th transaction. */
const stepsOf = (steps: number) => {
  let n = 0;
  return BoundedRun.until(() => n++ >= steps);
};

async function billedOf(scope: Scope) {
  const invoices = (await listInvoices(scope, { limit: 100 })).items;
  const lines = (await Promise.all(invoices.map((i) => linesOfInvoice(scope, i.id)))).flat();
  return { invoices, renewalKeys: lines.filter((l) => l.kind === 'renewal').map((l) => `${l.service_order}#${l.billed_at}`) };
}

it('goes on from where a cut-off step stopped, and bills each period once across repeated and concurrent steps', async () => {
  const { scope, orders } = await aSandboxWithOrders(3);
  const advance = await startAdvanceHere(scope, 120);

  const outcomes: StepOutcome[] = [];
  for (let i = 0; i < 200 && outcomes[outcomes.length - 1] !== 'done'; i++) {
    // Now and then the same step twice at once, as a message handed out again while the first still runs.
    const runs = i % 4 === 1 ? [stepsOf(3), stepsOf(3)] : [stepsOf(3)];
    const settled = await Promise.all(runs.map((run) => runAdvanceStep(scope, advance.id, run)));
    outcomes.push(settled.includes('done') ? 'done' : settled.includes('more') ? 'more' : 'gone');
    if (!settled.includes('done')) {
      const clock = await readSandboxClock(scope);
      expect(clock?.status).toBe('advancing');
    }
  }
  expect(outcomes.filter((o) => o === 'more').length).toBeGreaterThan(3);
  expect(outcomes[outcomes.length - 1]).toBe('done');
  // A step of an advance that has ended does nothing.
  expect(await runAdvanceStep(scope, advance.id, stepsOf(3))).toBe('gone');

  const clock = await readSandboxClock(scope);
  expect(clock).toEqual({ now: advance.to, status: 'ready', set_at: expect.any(String) });
  for (const id of orders) {
    const order = (await readOrder(scope, id))!;
    expect(Date.parse(order.next_renewal_at!)).toBeGreaterThan(Date.parse(advance.to));
    expect(order.periods_billed).toBeGreaterThanOrEqual(4);
  }
  const { invoices, renewalKeys } = await billedOf(scope);
  expect(new Set(renewalKeys).size).toBe(renewalKeys.length);
  expect(new Set(invoices.map((i) => i.period)).size).toBe(invoices.length);
  expect(invoices.length).toBeGreaterThanOrEqual(3);
  const readies = await streamItems(stream.type(scope, 'sandbox_clock.ready'));
  expect(readies).toHaveLength(1);
}, 180_000);
