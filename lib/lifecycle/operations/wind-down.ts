import { CompanyChanged } from '../../store/entities/company';
import { renderServiceOrder } from '../../resources/service-order';
import { addOrderChange, type OrderRecord } from '../../store/entities/service-order';
import { without } from '../../orders/change-order';
import { renewalState } from '../../orders/order-record';
import { nextRenewalAt } from '../../billing/renewal-schedule';
import { addCancellation } from '../../requirements/change-requirement';
import { readOpenCounter, requirementsOfCompany } from '../../store/entities/requirement';
import type { RequirementTrigger } from '../../requirements/requirement-status';
import { companyNameKey, openRequirementCounterKey } from '../../store/keys';
import type { CompanyRecord } from '../../resources/company';
import type { Scope } from '../../scope';
import type { WriteSet } from '../../store/write-set';

/**
 * What closing a company down does to its requirements and subscriptions, the same whether it is
 * dissolved or its formation is cancelled: every open requirement is canceled with `reason`
 * (`requirement.canceled`), and the open-requirement counter is set to zero conditioned on the value
 * read, so a requirement opened meanwhile makes the whole change run again.
 */
export async function closeOpenRequirements(ws: WriteSet, scope: Scope, companyId: string, trigger: Exclude<RequirementTrigger, 'fulfilled'>, reason: string, at: string): Promise<void> {
  const [open, counter] = await Promise.all([requirementsOfCompany(scope, companyId, { openOnly: true }), readOpenCounter(scope, companyId)]);
  for (const requirement of open) addCancellation(ws, scope, requirement, trigger, reason, at);
  // The cancellations above each subtract one; the counter is then set outright, guarded by what was read.
  ws.entries.splice(0, ws.entries.length, ...ws.entries.filter((e) => !isCounterUpdate(e.item, scope, companyId)));
  ws.update(
    openRequirementCounterKey(scope, companyId),
    { expression: 'SET #open = :zero', names: { '#open': 'open' }, values: { ':zero': 0 } },
    {
      expression: counter === undefined ? 'attribute_not_exists(pk)' : '#open = :read',
      values: counter === undefined ? undefined : { ':read': counter },
      onFailed: () => new CompanyChanged(companyId),
    },
  );
}

/**
 * The company's name is free again in its state. A cancelled company released it when it was
 * cancelled, and another company may hold it by now: then there is nothing left to release.
 */
export function releaseName(ws: WriteSet, scope: Scope, company: CompanyRecord): void {
  if (company.status === 'cancelled') return;
  ws.delete(companyNameKey(scope.mode, company.state, company.name_key), { expression: 'attribute_not_exists(pk) OR company_id = :me', values: { ':me': company.id } });
}

/**
 * Every recurring order still renewing stops as an approved renewal cancel does
 * (`service_order.renewal_canceled`): the service runs to the end of the paid period
 * (`renewal_ends_at`); an arrears product keeps the one renewal that bills that last period.
 */
export function endRenewals(ws: WriteSet, scope: Scope, orders: OrderRecord[], at: string): void {
  for (const order of orders.filter(renews)) {
    const written = addOrderChange(ws, scope, order, renewalsEnded(order, at));
    ws.recordEvent({ type: 'service_order.renewal_canceled', companyId: order.company, resource: renderServiceOrder(written) });
  }
}

function renewalsEnded(order: OrderRecord, at: string): OrderRecord {
  const { anchor, billed } = renewalState(order);
  const endsAt = order.next_renewal_at!;
  const next: OrderRecord = { ...without(order, 'next_renewal_at'), renewal_canceled_at: at, renewal_ends_at: endsAt, updated_at: at };
  const upcoming = nextRenewalAt(anchor, order.interval as 'monthly' | 'yearly', order.billing, billed, endsAt);
  if (upcoming) next.next_renewal_at = upcoming;
  return next;
}

/** A recurring order still renewing: it has a next renewal and no approved renewal cancel. */
function renews(order: OrderRecord): boolean {
  return order.next_renewal_at !== undefined && order.renewal_canceled_at === undefined && order.status !== 'canceled';
}

function isCounterUpdate(item: WriteSet['entries'][number]['item'], scope: Scope, companyId: string): boolean {
  const key = openRequirementCounterKey(scope, companyId);
  return !!item.Update && item.Update.Key?.pk === key.pk && item.Update.Key?.sk === key.sk;
}
