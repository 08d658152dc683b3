import { keyedProxyEvent } from '../../infra/local/proxy-event';
import type { Context } from 'aws-lambda';
import { GetCommand } from '../../lib/store/dynamodb';
import { useStackDatabase } from '../support/stack';
import { aFreshPartner } from '../support/partners';
import { anLlc } from '../support/companies';
import { lambdaContext } from '../support/handler-chain';
import { newId } from '../../lib/ids';
import type { Scope } from '../../lib/scope';
import { db, tableName } from '../../lib/store/client';
import { invoicePeriodKey } from '../../lib/store/keys';
import { createCompany } from '../../lib/companies/operations/create-company';
import type { CreateCompanyBody } from '../../lib/companies/schemas';
import { createOrder } from '../../lib/orders/create-order';
import { renewalState } from '../../lib/orders/order-record';
import { readOrder } from '../../lib/store/entities/service-order';
import { dueAt } from '../../lib/billing/renewal-schedule';
import { linesOfInvoice, unbilledLines } from '../../lib/billing/ledger-store';
import { lastClosedPeriod } from '../../lib/billing/period';
import { BoundedRun, STEP_RESERVE_MS } from '../../lib/event-log/bounded-run';
import { runSandboxBilling } from '../../lib/jobs/run-billing';
import { handler as sandboxRunBilling } from '../../functions/api/sandbox-run-billing';
import { createPartner } from '../../lib/partners/partner';

useStackDatabase();

/** The sandbox of a partner of its own (ordering reads the partner's billing state from its record). */
async function aSandbox(): Promise<Scope> {
  const partner = await createPartner({ name: 'Billing run', ownerEmail: `${newId('request')}@partner.test` });
  return { partnerId: partner.id, mode: 'test' };
}

/** Monthly orders each with PERIODS renewals due at the `asOf` returned (period 0 was billed when ordered). */
const PERIODS = 6;

async function sandboxWithMonthlyOrders(scope: Scope, count: number): Promise<{ orderIds: string[]; asOf: Date }> {
  const company = await createCompany({ scope, body: anLlc() as CreateCompanyBody, expand: [] });
  const orderIds: string[] = [];
  for (let i = 0; i < count; i++)
    orderIds.push((await createOrder({ scope, companyId: company.id, body: { product_key: 'bookkeeping' } })).id);
  // The first of the month after renewal PERIODS falls due: the month it is billed in closes, and the
  // next renewal is not due yet.
  const first = (await readOrder(scope, orderIds[0]))!;
  const last = new Date(dueAt(renewalState(first).anchor, 'monthly', 'advance', PERIODS));
  const asOf = new Date(Date.UTC(last.getUTCFullYear(), last.getUTCMonth() + 1, 1));
  return { orderIds, asOf };
}

/** Renewal periods billed on these orders so far (each order's period 0 is billed when ordered). */
async function renewalsOnOrders(scope: Scope, orderIds: string[]): Promise<number> {
  const orders = await Promise.all(orderIds.map((id) => readOrder(scope, id)));
  return orders.reduce((sum, order) => sum + renewalState(order!).billed - 1, 0);
}

/**
 * A run with time for `checks` more steps. It asks before each: one per period billed, one per order
 * to find nothing more due, one per transaction of the month-end close.
 */
function timeForSteps(checks: number): BoundedRun {
  let left = checks;
  return BoundedRun.until(() => left-- <= 0);
}

async function invoiceClaimed(scope: Scope, asOf: Date): Promise<boolean> {
  const guard = await db().send(new GetCommand({ TableName: tableName(), Key: invoicePeriodKey(scope, lastClosedPeriod(asOf)) }));
  return Boolean(guard.Item);
}

describe('a sandbox billing run that cannot finish before its deadline', () => {
  it('stops between committed periods, says so, bills exactly what it says, and the next runs finish without billing anything twice', async () => {
    const scope = await aSandbox();
    const { orderIds, asOf } = await sandboxWithMonthlyOrders(scope, 3);
    const due = orderIds.length * PERIODS;

    const cutShort = await runSandboxBilling(scope, asOf, timeForSteps(5));
    expect(cutShort).toEqual({ renewals_billed: 5, invoice: undefined, has_more: true });
    expect(await renewalsOnOrders(scope, orderIds)).toBe(5);
    const renewalLines = (await unbilledLines(scope, lastClosedPeriod(asOf))).filter((l) => l.kind === 'renewal');
    expect(renewalLines).toHaveLength(5);
    expect(await invoiceClaimed(scope, asOf)).toBe(false);

    // Time for the rest of the renewals (13 periods, and 3 orders found with nothing more due) but not the close.
    const renewalsDone = await runSandboxBilling(scope, asOf, timeForSteps(due - 5 + orderIds.length));
    expect(renewalsDone).toEqual({ renewals_billed: due - 5, invoice: undefined, has_more: true });
    expect(await renewalsOnOrders(scope, orderIds)).toBe(due);
    expect(await invoiceClaimed(scope, asOf)).toBe(false);

    const finished = await runSandboxBilling(
      scope,
      asOf,
      BoundedRun.until(() => false),
    );
    expect(finished.renewals_billed).toBe(0);
    expect(finished.has_more).toBe(false);
    expect(finished.invoice).toMatchObject({ status: 'open', period: lastClosedPeriod(asOf) });
    const lines = await linesOfInvoice(scope, finished.invoice!.id);
    const renewals = lines.filter((l) => l.kind === 'renewal');
    expect(renewals).toHaveLength(due);
    expect(new Set(renewals.map((l) => `${l.service_order}#${l.period}#${l.billed_at}`)).size).toBe(due);
    expect(lines.reduce((sum, l) => sum + l.amount, 0)).toBe(finished.invoice!.total);

    const again = await runSandboxBilling(
      scope,
      asOf,
      BoundedRun.until(() => false),
    );
    expect(again).toEqual({ renewals_billed: 0, invoice: finished.invoice, has_more: false });
    expect(await renewalsOnOrders(scope, orderIds)).toBe(due);
  });

  it('a run stopped inside the month-end close shows no invoice until the next run finishes it, every line once', async () => {
    const scope = await aSandbox();
    const { orderIds, asOf } = await sandboxWithMonthlyOrders(scope, 1);
    const renewalsDone = await runSandboxBilling(scope, asOf, timeForSteps(PERIODS + 1));
    expect(renewalsDone).toEqual({ renewals_billed: PERIODS, invoice: undefined, has_more: true });

    // Time to find nothing more due and to claim the period, no more: the invoice stays a draft, which the API never shows.
    const inClose = await runSandboxBilling(scope, asOf, timeForSteps(2));
    expect(inClose).toEqual({ renewals_billed: 0, invoice: undefined, has_more: true });
    expect(await invoiceClaimed(scope, asOf)).toBe(true);

    const finished = await runSandboxBilling(
      scope,
      asOf,
      BoundedRun.until(() => false),
    );
    expect(finished.has_more).toBe(false);
    const lines = await linesOfInvoice(scope, finished.invoice!.id);
    // The order's own line and its renewals, each once.
    expect(lines.filter((l) => l.service_order === orderIds[0])).toHaveLength(1 + PERIODS);
    expect(lines.reduce((sum, l) => sum + l.amount, 0)).toBe(finished.invoice!.total);
  });
});

describe('POST /v1/sandbox/billing/run through the chain', () => {
  const post = (secret: string, asOf: Date) =>
    keyedProxyEvent({ method: 'POST', path: '/v1/sandbox/billing/run', key: secret, body: { as_of: asOf.toISOString() } });

  it('a request whose Lambda has too little time left answers 200 with has_more, having billed nothing it does not count', async () => {
    const p = await aFreshPartner();
    const scope: Scope = { partnerId: p.partnerId, mode: 'test' };
    const { orderIds, asOf } = await sandboxWithMonthlyOrders(scope, 2);
    // The chain keeps 3 s of the Lambda's time for the answer (lib/http/handler.ts): this leaves the run less than one step's reserve.
    const almostOut = { getRemainingTimeInMillis: () => 3_000 + STEP_RESERVE_MS / 2 } as Context;
    const res = await sandboxRunBilling(post(p.testKey, asOf), almostOut);
    expect(res.statusCode).toBe(200);
    const body = JSON.parse(res.body);
    expect(body).toEqual({ object: 'billing_run', as_of: asOf.toISOString(), renewals_billed: 0, invoice: null, has_more: true });
    expect(await renewalsOnOrders(scope, orderIds)).toBe(0);
  });

  it('a run that fits answers as before, with has_more false', async () => {
    const p = await aFreshPartner();
    const scope: Scope = { partnerId: p.partnerId, mode: 'test' };
    const { orderIds, asOf } = await sandboxWithMonthlyOrders(scope, 1);
    const res = await sandboxRunBilling(post(p.testKey, asOf), lambdaContext);
    expect(res.statusCode).toBe(200);
    const body = JSON.parse(res.body);
    expect(Object.keys(body)).toEqual(['object', 'as_of', 'renewals_billed', 'invoice', 'has_more']);
    expect(body).toMatchObject({ object: 'billing_run', as_of: asOf.toISOString(), renewals_billed: PERIODS, has_more: false });
    expect(body.invoice).toMatchObject({ object: 'invoice', status: 'open', livemode: false, period: lastClosedPeriod(asOf) });
    expect(await renewalsOnOrders(scope, orderIds)).toBe(PERIODS);
  });
});
