import { CompanyChanged } from '../../companies/store';
import { serviceOrdersOfCompany } from '../../service-orders/store';
import { renderServiceOrder } from '../../resources/service-order';
import { addOrderChange } from '../../orders/order-store';
import { without } from '../../orders/change-order';
import { renewalState, type OrderRecord } from '../../orders/order-record';
import { nextRenewalAt } from '../../billing/renewal-schedule';
import { addCancellation } from '../../requirements/change-requirement';
import { readOpenCounter, requirementsOfCompany } from '../../requirements/store';
import { companyNameKey, openRequirementCounterKey } from '../../store/keys';
import type { Scope } from '../../store/scope';
import type { WriteSet } from '../../store/write-set';
import type { CompanyRecord } from '../../resources/company';
import { changeCompany, snapshotAt } from '../change-company';
import { stageMove } from '../company-stage';
import { statusTransition } from '../company-status';

export const DISSOLVED_REASON = 'The company was dissolved.';

export interface DissolveOptions {
  /**
   * The caller's own writes and events in the same transaction (the dissolution order's completion),
   * recorded before the company's.
   */
  alsoWrite?: (ws: WriteSet, company: CompanyRecord, at: string) => Promise<void> | void;
}

/**
 * A dissolution completes (spec Company status: any open company → `dissolved`, terminal): in ONE
 * transaction, every open requirement is canceled (`requirement.canceled`, reason "The company was
 * dissolved."), every recurring order stops renewing as an approved renewal cancel does (`renewal_canceled_at`,
 * `renewal_ends_at` = the end of the running period; `service_order.renewal_canceled`), the stage moves to
 * `closed` (`company.status.changed`), `dissolved_at` is set and `company.dissolved` fires once. The
 * name's guard is released: the name is free again in its state. The open-requirement counter is
 * conditioned on the value read, so a requirement opened meanwhile makes the whole change run again.
 */
export async function dissolveCompany(scope: Scope, companyId: string, options: DissolveOptions = {}) {
  return changeCompany(scope, companyId, async ({ company, ws, at }) => {
    statusTransition('dissolved', company);
    await options.alsoWrite?.(ws, company, at);
    const [open, counter, orders] = await Promise.all([requirementsOfCompany(scope, companyId, { openOnly: true }), readOpenCounter(scope, companyId), serviceOrdersOfCompany(scope, companyId)]);
    for (const requirement of open) addCancellation(ws, scope, requirement, 'company_dissolved', DISSOLVED_REASON, at);
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
    for (const order of (orders as OrderRecord[]).filter(renews)) {
      const written = addOrderChange(ws, scope, order, renewalsEnded(order, at));
      ws.recordEvent({ type: 'service_order.renewal_canceled', companyId, resource: renderServiceOrder(written) });
    }
    ws.delete(companyNameKey(scope.mode, company.state, company.name_key), { expression: 'attribute_not_exists(pk) OR company_id = :me', values: { ':me': company.id } });
    let next: CompanyRecord = { ...company, status: 'dissolved', dissolved_at: at };
    if (company.stage !== undefined && company.stage !== 'closed') {
      stageMove(company.stage, 'closed', 'close', true);
      next = { ...next, stage: 'closed' };
    }
    const snapshot = snapshotAt(next, at);
    if (next.stage !== company.stage) ws.recordEvent({ type: 'company.status.changed', companyId, resource: snapshot });
    ws.recordEvent({ type: 'company.dissolved', companyId, resource: snapshot });
    return { next, once: ['dissolved_at'] };
  });
}

/**
 * The order as an approved renewal cancel leaves it (lib/orders/moves/renewal-cancel.ts): the service
 * runs to the end of the paid period (`renewal_ends_at`); an arrears product keeps the one renewal that
 * bills that last period.
 */
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
