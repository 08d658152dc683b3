import { serviceOrdersOfCompany } from '../../store/entities/service-order';
import type { OrderRecord } from '../../store/entities/service-order';
import type { Scope } from '../../scope';
import type { WriteSet } from '../../store/write-set';
import type { CompanyRecord } from '../../resources/company';
import { changeCompany, snapshotAt } from '../change-company';
import { stageMove } from '../company-stage';
import { statusTransition } from '../company-status';
import { closeOpenRequirements, endRenewals, releaseName } from './wind-down';

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
    const orders = serviceOrdersOfCompany(scope, companyId); // read beside the requirements
    await closeOpenRequirements(ws, scope, companyId, 'company_dissolved', DISSOLVED_REASON, at);
    endRenewals(ws, scope, (await orders) as OrderRecord[], at);
    releaseName(ws, scope, company);
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
