import { newId } from '../ids';
import { REQUIREMENT_SK_PREFIX, listSortKey } from '../store/keys';
import { livemode, type Scope } from '../scope';
import type { WriteSet } from '../store/write-set';
import { addRequirementCreation, getRequirement, RequirementChanged, type RequirementRecord } from '../store/entities/requirement';
import { addCancellation, addResolution } from '../requirements/change-requirement';
import { formFor } from './order-form';
import type { OrderRecord } from '../store/entities/service-order';

/**
 * The `form` requirement of an order waiting in `requires_action` (spec: "an open form requirement
 * names what is needed"), kept by the lifecycle area's requirement store (lib/store/entities/requirement.ts:
 * the item, its id pointer for GET /requirements/{id}, the company's open count).
 */
export function newFormRequirementKey(at: string): { id: string; sk: string } {
  const id = newId('requirement');
  return { id, sk: `${REQUIREMENT_SK_PREFIX}${listSortKey(at, id)}` };
}

export function addFormRequirement(ws: WriteSet, scope: Scope, order: OrderRecord, key: { id: string; sk: string }, at: string): void {
  addRequirementCreation(
    ws,
    scope,
    {
      id: key.id,
      company: order.company,
      service_order: order.id,
      type: 'form',
      status: 'open',
      requested_by: 'system',
      livemode: livemode(scope),
      message: `The ${order.product_key} order needs a form to continue.`,
      form: formFor(order.product_key),
      created_at: at,
      rev: 1,
    },
    { guardCompany: true },
  );
}

/** The order's form was answered: its requirement resolves with the answers (`requirement.fulfilled`). */
export async function addFormRequirementResolution(
  ws: WriteSet,
  scope: Scope,
  _order: OrderRecord,
  sk: string,
  answers: Record<string, unknown>,
  at: string,
): Promise<void> {
  const id = formRequirementId(sk);
  const requirement = await getRequirement(scope, id);
  if (!requirement) throw new RequirementChanged(id);
  if (requirement.status !== 'open') return; // already answered through POST /requirements/{id}/fulfill
  addResolution(ws, scope, requirement, { answers }, at);
}

/** The id of the requirement an order's `form_requirement` sort key names. */
export const formRequirementId = (sk: string) => sk.slice(sk.lastIndexOf('#') + 1);

/** Is the order's current step waiting on the form of that requirement (`requires_action` with it)? */
export const waitsOnForm = (order: OrderRecord | undefined, requirementId: string): boolean =>
  order?.status === 'requires_action' && !!order.form_requirement && formRequirementId(order.form_requirement) === requirementId;

/**
 * The order stops waiting on its form without an answer (it completed, or the operator withdrew the
 * ask): the form requirement, if still open, closes with `requirement.canceled` and `reason`, so
 * `open_requirements` never counts a form nothing waits on any more. The requirement as written, or
 * undefined when there was none open.
 */
export async function addFormRequirementWithdrawal(
  ws: WriteSet,
  scope: Scope,
  order: OrderRecord,
  reason: string,
  at: string,
): Promise<RequirementRecord | undefined> {
  if (!order.form_requirement) return undefined;
  const id = formRequirementId(order.form_requirement);
  const requirement = await getRequirement(scope, id);
  if (!requirement) throw new RequirementChanged(id);
  if (requirement.status !== 'open') return undefined;
  return addCancellation(ws, scope, requirement, 'withdrawn', reason, at);
}
