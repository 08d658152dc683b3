import { renderServiceOrder } from '../resources/service-order';
import { presentCompany } from '../companies/expand-company';
import { startFulfilment } from '../orders/moves/start-fulfilment';
import { quoteOrder } from '../orders/moves/quote-order';
import { requireAction } from '../orders/moves/require-action';
import { completeOrder } from '../lifecycle/operations/complete-order';
import { repriceOrder } from '../orders/moves/reprice-order';
import { approveRenewalCancel, denyRenewalCancel } from '../orders/moves/renewal-cancel';
import type { OrderRecord } from '../store/entities/service-order';
import { changeEntitlements } from '../entitlements/change-entitlements';
import { advanceTaxFiling, openTaxFiling } from '../tax-filings/tax-filings';
import { TAX_FILING_KINDS, TAX_FILING_STATUSES, type TaxFilingKind, type TaxFilingStatus } from '../tax-filings/tax-filing';
import { fireNextReminder } from '../calendar/calendar-events';
import { closePeriod } from '../billing/close-period';
import { runRenewalsOf } from '../orders/run-renewals';
import { renderInvoice } from '../billing/invoice';
import { moveInvoice, type InvoiceMove } from '../billing/invoice-status';
import { isPeriod, lastClosedPeriod } from '../billing/period';
import { nowIso, realNow } from '../clock';
import { flag } from './cli-args';
import { OperatorError } from './target';
import { keyedBag } from '../caller-keys';
import type { ActionContext, OperatorAction } from './action';

const order = (ctx: ActionContext) => ctx.positional(0, 'service order id (so_…)');
const company = (ctx: ActionContext) => ctx.positional(0, 'company id (cmp_…)');
const shown = (o: OrderRecord) => renderServiceOrder(o, { withForm: true });

function integer(value: string | undefined, name: string): number {
  if (value === undefined || !/^-?[0-9]+$/.test(value)) throw new OperatorError(`--${name} must be a whole number.`);
  return Number(value);
}

function options(ctx: ActionContext): Record<string, string> {
  const out = keyedBag<string>();
  for (const pair of (flag(ctx.args, 'options') ?? '').split(',').filter(Boolean)) {
    const [k, v] = pair.split('=');
    if (!k || !v) throw new OperatorError('--options takes key=value pairs separated by commas, e.g. tier=starter.');
    out[k] = v;
  }
  return out;
}

/** Orders and billing: each action runs the lib/ operation of its sandbox trigger. */
export const ordersActions: OperatorAction[] = [
  {
    name: 'start-order',
    usage: 'start-order <so_…>',
    summary: 'fulfilment starts: received → in_progress',
    run: (ctx) => startFulfilment(ctx.scope, order(ctx)).then(shown),
  },
  {
    name: 'quote-order',
    usage: 'quote-order <so_…> --amount CENTS [--expires-at ISO]',
    summary: 'price a quote_pending order: service_order.quoted',
    run: (ctx) =>
      quoteOrder(ctx.scope, order(ctx), {
        unit_amount: integer(flag(ctx.args, 'amount'), 'amount'),
        expires_at: flag(ctx.args, 'expires-at'),
      }).then(shown),
  },
  {
    name: 'require-action',
    usage: 'require-action <so_…>',
    summary: 'the current step waits on a form: requires_action',
    run: (ctx) => requireAction(ctx.scope, order(ctx)).then(shown),
  },
  {
    name: 'complete-order',
    usage: 'complete-order <so_…> [--outcome TEXT]',
    summary: 'the final step is reached: service_order.completed (a dissolution dissolves the company)',
    run: (ctx) => completeOrder(ctx.scope, order(ctx), { outcome: flag(ctx.args, 'outcome') }).then(shown),
  },
  {
    name: 'reprice-order',
    usage: 'reprice-order <so_…> --options key=value[,…]',
    summary: 'change options and price: service_order.updated, the difference billed or credited',
    run: (ctx) => repriceOrder(ctx.scope, order(ctx), options(ctx)).then(shown),
  },
  {
    name: 'approve-renewal-cancel',
    usage: 'approve-renewal-cancel <so_…>',
    summary: 'renewals stop at the period end: service_order.renewal_canceled',
    run: (ctx) => approveRenewalCancel(ctx.scope, order(ctx)).then(shown),
  },
  {
    name: 'deny-renewal-cancel',
    usage: 'deny-renewal-cancel <so_…>',
    summary: 'the order keeps renewing: service_order.renewal_cancel_denied',
    run: (ctx) => denyRenewalCancel(ctx.scope, order(ctx)).then(shown),
  },
  {
    name: 'grant-entitlement',
    usage: 'grant-entitlement <cmp_…> --kind federal_tax_filing|state_tax_filing --delta N',
    summary: 'grant (or, negative, take) rights: company.entitlements.changed',
    run: async (ctx) => {
      const kind = flag(ctx.args, 'kind');
      if (kind !== 'federal_tax_filing' && kind !== 'state_tax_filing')
        throw new OperatorError('--kind must be federal_tax_filing or state_tax_filing.');
      const delta = integer(flag(ctx.args, 'delta'), 'delta');
      if (delta === 0) throw new OperatorError('--delta must not be 0.');
      return presentCompany(ctx.scope, await changeEntitlements(ctx.scope, company(ctx), kind, delta));
    },
  },
  {
    name: 'open-tax-filing',
    usage: 'open-tax-filing <cmp_…> --kind federal|state --year YYYY',
    summary: 'open a filing, consuming one right: tax_filing.created',
    run: (ctx) => {
      const kind = flag(ctx.args, 'kind');
      if (!(TAX_FILING_KINDS as readonly string[]).includes(kind ?? '')) throw new OperatorError('--kind must be federal or state.');
      return openTaxFiling(ctx.scope, company(ctx), { kind: kind as TaxFilingKind, year: integer(flag(ctx.args, 'year'), 'year') });
    },
  },
  {
    name: 'advance-tax-filing',
    usage: 'advance-tax-filing <tf_…> [--status STATUS] [--progress LABEL]',
    summary: `move a filing (${TAX_FILING_STATUSES.join(' → ')}): tax_filing.status.changed`,
    run: (ctx) => {
      const status = flag(ctx.args, 'status');
      if (status !== undefined && !(TAX_FILING_STATUSES as readonly string[]).includes(status))
        throw new OperatorError(`--status must be one of ${TAX_FILING_STATUSES.join(', ')}.`);
      return advanceTaxFiling(ctx.scope, ctx.positional(0, 'tax filing id (tf_…)'), {
        status: status as TaxFilingStatus | undefined,
        progress: flag(ctx.args, 'progress'),
      });
    },
  },
  {
    name: 'fire-reminder',
    usage: 'fire-reminder <cmp_…> [--kind annual_report|federal_tax_filing]',
    summary: 'fire the next reminder point: calendar.reminder',
    run: (ctx) => fireNextReminder(ctx.scope, company(ctx), flag(ctx.args, 'kind') as 'annual_report' | undefined),
  },
  {
    name: 'run-renewals',
    usage: 'run-renewals [--as-of ISO]',
    summary: "bill this partner's renewals due at --as-of (default now); each period once",
    run: async (ctx) => ({ renewals_billed: await runRenewalsOf(ctx.scope, new Date(flag(ctx.args, 'as-of') ?? nowIso())) }),
  },
  {
    name: 'close-month',
    usage: 'close-month [--period YYYY-MM]',
    summary: "raise this partner's invoice of a month (default: the last ended one), exactly once: invoice.finalized",
    run: async (ctx) => {
      const period = flag(ctx.args, 'period') ?? lastClosedPeriod(realNow());
      if (!isPeriod(period)) throw new OperatorError('--period must be YYYY-MM.');
      const invoice = await closePeriod(ctx.scope, period, nowIso());
      return invoice ? renderInvoice(invoice) : { invoice: null, reason: `nothing to bill up to ${period}` };
    },
  },
  ...(['paid', 'uncollectible', 'void'] as InvoiceMove[]).map(
    (move): OperatorAction => ({
      name: `invoice-${move}`,
      usage: `invoice-${move} <in_…>`,
      summary:
        move === 'paid'
          ? 'collection succeeded: status paid, amount_paid = amount_due'
          : move === 'void'
            ? 'the invoice was issued in error: status void (final)'
            : 'collection failed: status uncollectible (can still be paid or voided)',
      run: async (ctx) => renderInvoice(await moveInvoice(ctx.scope, ctx.positional(0, 'invoice id (in_…)'), move)),
    }),
  ),
];
