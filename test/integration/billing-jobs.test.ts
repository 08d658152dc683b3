import { GetCommand, QueryCommand } from '../../lib/store/dynamodb';
import { useStackDatabase } from '../support/stack';
import { streamItems } from '../support/event-log';
import { stream } from '../../lib/events/listing/streams';
import { anLlc } from '../support/companies';
import { newId } from '../../lib/ids';
import { setClock } from '../../lib/clock';
import { db, tableName } from '../../lib/store/client';
import { eventStreams, invoicePeriodKey } from '../../lib/store/keys';
import type { Scope } from '../../lib/scope';
import { createCompany } from '../../lib/companies/operations/create-company';
import { createOrder } from '../../lib/orders/create-order';
import { readOrder } from '../../lib/store/entities/service-order';
import { linesOfInvoice } from '../../lib/billing/ledger-store';
import { getInvoiceRecord } from '../../lib/billing/close-period';
import { periodOf } from '../../lib/billing/period';
import { handler as renewals } from '../../functions/jobs/renewals';
import { handler as monthEnd } from '../../functions/jobs/month-end';
import { handler as reminders } from '../../functions/jobs/reminders';
import { calendarOf } from '../../lib/calendar/calendar-events';
import { getCompany } from '../../lib/store/entities/company';
import { createPartner } from '../../lib/partners/partner';
import type { CreateCompanyBody } from '../../lib/companies/schemas';

useStackDatabase();

describe('the scheduled jobs, run on an injected clock', () => {
  let restore: (() => void) | undefined;
  afterEach(() => restore?.());

  it('the renewal job bills a period once across a double and a concurrent run; the month-end job invoices it once', async () => {
    const scope: Scope = { partnerId: newId('partner'), mode: 'live' };
    // Ordering reads the partner's billing state from its record.
    await createPartner({ id: scope.partnerId, name: 'Jobs', ownerEmail: 'jobs@partner.test' });
    const company = await createCompany({ scope, body: anLlc() as CreateCompanyBody, expand: [] });
    const order = await createOrder({
      scope,
      companyId: company.id,
      body: { product_key: 'bookkeeping' },
    });
    const due = order.next_renewal_at!;

    restore = setClock(() => new Date(due));
    const only = { partner_id: scope.partnerId }; // other tests share the stack: run the jobs for this partner
    await renewals(only);
    await renewals(only);
    await Promise.all([renewals(only), renewals(only), renewals(only)]);
    const after = await readOrder(scope, order.id);
    expect(after!.periods_billed).toBe(2);
    expect(Date.parse(after!.next_renewal_at!)).toBeGreaterThan(Date.parse(due));

    const d = new Date(due);
    const closeAt = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1, 0, 30));
    restore();
    restore = setClock(() => closeAt);
    await Promise.all([monthEnd(only), monthEnd(only)]);
    await monthEnd(only);
    const guard = await db().send(new GetCommand({ TableName: tableName(), Key: invoicePeriodKey(scope, periodOf(due)) }));
    const invoice = await getInvoiceRecord(scope, guard.Item!.invoice_id);
    const lines = await linesOfInvoice(scope, invoice!.id);
    expect(lines.filter((l) => l.service_order === order.id && l.kind === 'renewal')).toHaveLength(1);
    expect(lines.reduce((s, l) => s + l.amount, 0)).toBe(invoice!.total);
    const finalized = await streamItems(stream.type(scope, 'invoice.finalized'));
    // Earlier months' unbilled lines (the creation's) join this invoice: one invoice per period, finalized once.
    const periods = finalized.map((e) => JSON.parse(e.payload).data.object.period);
    expect(new Set(periods).size).toBe(periods.length);
    expect(periods).toContain(periodOf(due));
  });

  it('the reminder job fires each reminder point that has come, once, across a double and a concurrent run', async () => {
    const scope: Scope = { partnerId: newId('partner'), mode: 'live' };
    const created = await createCompany({ scope, body: anLlc({ state: 'WY' }) as CreateCompanyBody, expand: [] });
    const company = (await getCompany(scope, created.id))!;
    const federal = (await calendarOf(scope, company)).find((e) => e.kind === 'federal_tax_filing')!;
    const due = points(federal.reminders, company.created_at);
    expect(due.length).toBeGreaterThan(0);
    // Just after the last point before the deadline: every point the company lived to see has come.
    const asOf = new Date(Date.parse(federal.reminders[federal.reminders.length - 1]) + 3_600_000);
    restore = setClock(() => asOf);
    const only = { partner_id: scope.partnerId }; // other tests share the stack: run the job for this partner
    await reminders(only);
    await Promise.all([reminders(only), reminders(only), reminders(only)]);
    await reminders(only);
    const events = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi4',
        KeyConditionExpression: 'gsi4pk = :pk',
        ExpressionAttributeValues: { ':pk': eventStreams.companyType(scope, company.id, 'calendar.reminder') },
      }),
    );
    const fired = (events.Items ?? []).map((e) => JSON.parse(e.payload)).filter((e) => e.data.object.kind === 'federal_tax_filing');
    expect(fired.map((e) => e.data.object.remind_at).sort()).toEqual(due);
    expect(fired.every((e) => e.timestamp === e.data.object.remind_at && e.data.object.due_at === federal.due_at)).toBe(true);
  });
});

/** The points a company created at `createdAt` lives to see. */
function points(all: string[], createdAt: string): string[] {
  return all.filter((p) => p >= createdAt).sort();
}
