import type { Scope } from '../../scope';
import { changeOrder, without } from '../change-order';
import { addFormRequirementWithdrawal, waitsOnForm } from '../form-requirement';
import { illegalMove } from '../order-errors';
import { readOrder, type OrderRecord } from '../../store/entities/service-order';
import type { RequirementRecord } from '../../store/entities/requirement';

/**
 * The operator withdraws the form an order waits on (spec Requirement: open → canceled when the ask
 * is withdrawn): the requirement closes with `requirement.canceled`, and the order, no longer waiting,
 * goes back to `in_progress` with `service_order.status.changed`, in one transaction (spec:
 * `requires_action` comes with an open `form` requirement; without this the order stayed
 * `requires_action` with nothing left to answer). The order and the requirement as written (so the
 * caller need not read it again); undefined when the order is not waiting on that requirement: the
 * caller withdraws the requirement on its own.
 */
export async function withdrawOrderForm(
  scope: Scope,
  orderId: string,
  requirementId: string,
  reason: string,
): Promise<{ order: OrderRecord; requirement?: RequirementRecord } | undefined> {
  const order = await readOrder(scope, orderId);
  if (!order || !waitsOnForm(order, requirementId)) return undefined;
  let requirement: RequirementRecord | undefined;
  const written = await changeOrder(
    scope,
    orderId,
    (current, at) => {
      if (!waitsOnForm(current, requirementId))
        throw illegalMove(
          `The order is ${current.status}: it no longer waits on this form.`,
          `Read the requirement (GET /v1/requirements/${requirementId}) for where it stands.`,
        );
      return {
        next: { ...without(current, 'form', 'form_requirement'), status: 'in_progress', workflow_status: 'in_preparation' },
        events: ['service_order.status.changed'],
        also: async (ws) => {
          requirement = await addFormRequirementWithdrawal(ws, scope, current, reason, at);
        },
      };
    },
    order,
  );
  return { order: written, requirement };
}
