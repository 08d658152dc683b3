import { nowIso } from '../../clock';
import { CompanyChanged, getCompany, moveOpenRequirements, OPEN_REQUIREMENTS } from '../../store/entities/company';
import { serviceOrdersOfCompany, type OrderRecord } from '../../store/entities/service-order';
import { addOrderMove, without, type OrderChange } from '../../orders/change-order';
import { renewalState } from '../../orders/order-record';
import { nextRenewalAt } from '../../billing/renewal-schedule';
import { addCancellation } from '../../requirements/change-requirement';
import { requirementsOfCompany, type RequirementRecord } from '../../store/entities/requirement';
import type { RequirementTrigger } from '../../requirements/requirement-status';
import { companyNameKey } from '../../store/keys';
import type { CompanyRecord } from '../../resources/company';
import type { Scope } from '../../scope';
import type { WriteSet } from '../../store/write-set';
import { changeCompany } from '../change-company';
import { anyOf, attributeNotExists, equals, itemAbsent } from '../../store/expression';

/**
 * What winding a company down (dissolving it, cancelling its formation) does to what hangs on it:
 * every open requirement is canceled with `reason`, and each order is settled as `settle` says.
 */
export interface WindDown {
  /** The wind-down's own refusal (a status it cannot leave, a right already spent), checked in each of its transactions. */
  allowed: (company: CompanyRecord, orders: OrderRecord[]) => void;
  trigger: Exclude<RequirementTrigger, 'fulfilled'>;
  reason: string;
  /**
   * What becomes of one order: its change (with the right it takes back, if any), or undefined to
   * leave it as it is.
   */
  settle: (scope: Scope, order: OrderRecord, at: string) => (Omit<OrderChange, 'also'> & { takesBack?: string }) | undefined;
  /** An order the final transaction changes itself (the dissolution order completing): left alone here. */
  keep?: string;
}

/** One change of a wind-down, with the items it writes (beside the shared counters). */
type Step =
  | { kind: 'order'; order: OrderRecord; change: Omit<OrderChange, 'also'>; takesBack?: string; items: number }
  | { kind: 'requirement'; requirement: RequirementRecord; items: number };

/** Items the final transaction of a wind-down writes for its steps; when more are due, they go before it. */
const ITEMS_IN_FINAL = 30;
/** Items of steps per transaction before the final one. */
const ITEMS_PER_TRANSACTION = 45;

/**
 * The steps of a wind-down as the company stands: each order's settlement, then each open
 * requirement's cancel. An order that would take back a right the company no longer holds is left
 * as it is (`settle` decides whether that refuses the whole wind-down, through `allowed`).
 */
function stepsOf(
  scope: Scope,
  company: CompanyRecord,
  orders: OrderRecord[],
  open: RequirementRecord[],
  plan: WindDown,
  at: string,
): Step[] {
  const rights = { ...company.entitlements };
  const steps: Step[] = [];
  for (const order of orders) {
    if (order.id === plan.keep) continue;
    const settled = plan.settle(scope, order, at);
    if (!settled) continue;
    const { takesBack, ...change } = settled;
    if (takesBack) {
      if ((rights[takesBack] ?? 0) <= 0) continue;
      rights[takesBack] -= 1;
    }
    steps.push({ kind: 'order', order, change, takesBack, items: 1 + (change.lines?.length ?? 0) + change.events.length });
  }
  for (const requirement of open) steps.push({ kind: 'requirement', requirement, items: 2 });
  return steps;
}

/**
 * Writes steps into a transaction; returns the company's rights after the rights they take back, or
 * undefined when none moved.
 */
function addSteps(
  ws: WriteSet,
  scope: Scope,
  company: CompanyRecord,
  steps: Step[],
  plan: WindDown,
  at: string,
): Record<string, number> | undefined {
  let rights: Record<string, number> | undefined;
  for (const step of steps) {
    if (step.kind === 'requirement') {
      addCancellation(ws, scope, step.requirement, plan.trigger, plan.reason, at);
      continue;
    }
    addOrderMove(ws, scope, step.order, step.change, at);
    if (step.takesBack) {
      rights ??= { ...company.entitlements };
      rights[step.takesBack] = (rights[step.takesBack] ?? 0) - 1;
    }
  }
  return rights;
}

/**
 * A company being wound down may hold more than one transaction can change beside the company
 * itself (25 owners' identity-document requirements, an order per owner, renewing subscriptions…):
 * what exceeds the final transaction's share is written first, in transactions of its own, each
 * conditioned on the company as read and on `allowed`, so nothing is settled for a wind-down that
 * would be refused. Rights taken back move the company's `entitlements` in the same transaction
 * (`company.entitlements.changed`). Events arrive in the order one transaction would record them; if
 * the wind-down stops in between, what was settled stays settled and running it again finishes it
 * (docs/decisions.md, "Requirements" and "Orders and billing").
 */
export async function writeWindDownOverflow(scope: Scope, companyId: string, plan: WindDown): Promise<void> {
  for (;;) {
    const [company, orders, open] = await Promise.all([
      getCompany(scope, companyId, { consistent: true }),
      serviceOrdersOfCompany(scope, companyId) as Promise<OrderRecord[]>,
      requirementsOfCompany(scope, companyId, { openOnly: true }),
    ]);
    if (!company) return; // the final transaction says so
    plan.allowed(company, orders);
    const steps = stepsOf(scope, company, orders, open, plan, nowIso());
    if (steps.reduce((n, s) => n + s.items, 0) <= ITEMS_IN_FINAL) return;
    await changeCompany(scope, companyId, async ({ company: current, ws, at, record }) => {
      const [nowOrders, nowOpen] = await Promise.all([
        serviceOrdersOfCompany(scope, companyId) as Promise<OrderRecord[]>,
        requirementsOfCompany(scope, companyId, { openOnly: true }),
      ]);
      plan.allowed(current, nowOrders);
      const batch: Step[] = [];
      let items = 0;
      for (const step of stepsOf(scope, current, nowOrders, nowOpen, plan, at)) {
        if (items + step.items > ITEMS_PER_TRANSACTION) break;
        batch.push(step);
        items += step.items;
      }
      const rights = addSteps(ws, scope, current, batch, plan, at);
      if (!rights) return { next: current };
      const next = { ...current, entitlements: rights };
      record('company.entitlements.changed', next);
      return { next };
    });
  }
}

/**
 * The final transaction's share of a wind-down: every order's settlement and every open
 * requirement's cancel (the open count brought to zero, conditioned on `counted`, the value read
 * with the company, so a requirement opened meanwhile makes the whole change run again). Returns the
 * orders as written and the company's rights when some were taken back.
 */
export async function addWindDown(
  ws: WriteSet,
  scope: Scope,
  company: CompanyRecord,
  counted: number,
  plan: WindDown,
  at: string,
): Promise<{ settled: OrderRecord[]; rights?: Record<string, number> }> {
  const orders = (await serviceOrdersOfCompany(scope, company.id)) as OrderRecord[];
  plan.allowed(company, orders);
  const steps = stepsOf(scope, company, orders, [], plan, at);
  const rights = addSteps(ws, scope, company, steps, plan, at);
  await closeOpenRequirements(ws, scope, company.id, counted, plan.trigger, plan.reason, at);
  const settled = steps.flatMap((s) => (s.kind === 'order' ? [{ ...s.order, ...s.change.next }] : []));
  return { settled, rights };
}

/**
 * Every open requirement is canceled with `reason` (`requirement.canceled`), and the company's open
 * count brought to zero conditioned on `counted`, the value read with the company before the
 * requirements were listed: a requirement opened or closed since makes the whole change run again.
 */
export async function closeOpenRequirements(
  ws: WriteSet,
  scope: Scope,
  companyId: string,
  counted: number,
  trigger: Exclude<RequirementTrigger, 'fulfilled'>,
  reason: string,
  at: string,
): Promise<void> {
  const open = await requirementsOfCompany(scope, companyId, { openOnly: true });
  for (const requirement of open) addCancellation(ws, scope, requirement, trigger, reason, at);
  // The cancellations take one each off the count; this takes the rest of what was read, so the
  // count ends at zero even where it had drifted from the requirements. An item without the count
  // reads as zero (`openRequirementsOf`): so does the condition.
  const isCounted = equals(OPEN_REQUIREMENTS, counted);
  moveOpenRequirements(ws, scope, companyId, open.length - counted, {
    condition: counted === 0 ? anyOf(attributeNotExists(OPEN_REQUIREMENTS), isCounted) : isCounted,
    onFailed: () => new CompanyChanged(companyId),
  });
}

/**
 * The company's name is free again in its state. A cancelled company released it when it was
 * cancelled, and another company may hold it by now: then there is nothing left to release.
 */
export function releaseName(ws: WriteSet, scope: Scope, company: CompanyRecord): void {
  if (company.status === 'cancelled') return;
  ws.delete(companyNameKey(scope.mode, company.state, company.name_key), {
    condition: anyOf(itemAbsent(), equals('company_id', company.id)),
  });
}

/**
 * A recurring order still renewing stops as an approved renewal cancel does
 * (`service_order.renewal_canceled`): the service runs to the end of the paid period
 * (`renewal_ends_at`); an arrears product keeps the one renewal that bills that last period.
 * Undefined for an order that does not renew.
 */
export function renewalsEnd(order: OrderRecord, at: string): Omit<OrderChange, 'also'> | undefined {
  if (!renews(order)) return undefined;
  const { anchor, billed } = renewalState(order);
  const endsAt = order.next_renewal_at!;
  const next: OrderRecord = { ...without(order, 'next_renewal_at'), renewal_canceled_at: at, renewal_ends_at: endsAt };
  const upcoming = nextRenewalAt(anchor, order.interval as 'monthly' | 'yearly', order.billing, billed, endsAt);
  if (upcoming) next.next_renewal_at = upcoming;
  return { next, events: ['service_order.renewal_canceled'] };
}

/** A recurring order still renewing: it has a next renewal and no approved renewal cancel. */
function renews(order: OrderRecord): boolean {
  return order.next_renewal_at !== undefined && order.renewal_canceled_at === undefined && order.status !== 'canceled';
}
