import { FORMATION_PRODUCT_KEY } from '../catalog/products';
import { addOrderMove } from '../orders/change-order';
import { completable, completionChange } from '../orders/completion';
import { fulfilmentStarted } from '../orders/moves/start-fulfilment';
import { serviceOrdersOfCompany, type OrderRecord } from '../store/entities/service-order';
import type { CompanyRecord } from '../resources/company';
import type { Scope } from '../scope';
import type { WriteSet } from '../store/write-set';

/**
 * The formation order follows the formation it sells (docs/decisions.md, "The formation order follows
 * the formation"): `in_progress` once the company is submitted for formation (every owner's identity
 * document in: the spec's condition for the company's own `in_progress`), `completed` with
 * `service_order.completed` when the state accepts the filing. Each move is written in the company's
 * transaction, with `service_order.status.changed`.
 */
async function formationOrderOf(scope: Scope, company: CompanyRecord): Promise<OrderRecord | undefined> {
  if (company.pre_existing) return undefined;
  return ((await serviceOrdersOfCompany(scope, company.id)) as OrderRecord[]).find((o) => o.product_key === FORMATION_PRODUCT_KEY);
}

/** The company was submitted for formation: a formation order still `received` starts its fulfilment. */
export async function addFormationStarted(ws: WriteSet, scope: Scope, company: CompanyRecord, at: string): Promise<void> {
  const order = await formationOrderOf(scope, company);
  if (order?.status !== 'received') return; // already moved by the operator, or not ours to move
  addOrderMove(ws, scope, order, { next: fulfilmentStarted(order), events: ['service_order.status.changed'] }, at);
}

/** The product whose work is done when the IRS issues the company's EIN. */
export const EIN_PRODUCT_KEY = 'ein_application';

/**
 * The IRS issued the EIN: every EIN application order of the company still open is fulfilled
 * (`completed`, once), in the EIN's transaction, so it is no longer cancellable (a credit for work
 * done) and says its work is done.
 */
export async function addEinOrdersCompleted(ws: WriteSet, scope: Scope, company: CompanyRecord, at: string): Promise<void> {
  const orders = (await serviceOrdersOfCompany(scope, company.id)) as OrderRecord[];
  for (const order of orders.filter((o) => o.product_key === EIN_PRODUCT_KEY && completable(o))) {
    const change = completionChange(scope, order, at);
    const written = addOrderMove(ws, scope, order, change, at);
    await change.also?.(ws, written);
  }
}

/** The state accepted the filing: the formation order is fulfilled (`completed`, once). */
export async function addFormationCompleted(ws: WriteSet, scope: Scope, company: CompanyRecord, at: string): Promise<void> {
  const order = await formationOrderOf(scope, company);
  if (!order || !completable(order)) return;
  const change = completionChange(scope, order, at);
  const written = addOrderMove(ws, scope, order, change, at);
  await change.also?.(ws, written);
}
