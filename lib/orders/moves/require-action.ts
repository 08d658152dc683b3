import type { Scope } from '../../scope';
import { changeOrder } from '../change-order';
import { illegalMove } from '../order-errors';
import { formFor } from '../order-form';
import { addFormRequirement, newFormRequirementKey } from '../form-requirement';
import type { OrderRecord } from '../../store/entities/service-order';
import { assertRoomForRequirement } from '../../requirements/requirement-cap';

/**
 * The current step waits on a form (spec state table): `in_progress` → `requires_action`,
 * `form_required` true, `form` on the single-order view, and an open `form` requirement.
 */
export function requireAction(scope: Scope, orderId: string): Promise<OrderRecord> {
  return changeOrder(scope, orderId, async (order, at) => {
    if (order.status !== 'in_progress')
      throw illegalMove(`The order is ${order.status}: only an in_progress order can wait on a form.`, 'Start fulfilment first.');
    await assertRoomForRequirement(scope, order.company);
    const requirement = newFormRequirementKey(at);
    const next: OrderRecord = {
      ...order,
      status: 'requires_action',
      workflow_status: 'awaiting_form',
      form_required: true,
      form: formFor(order.product_key),
      form_requirement: requirement.sk,
    };
    return { next, events: ['service_order.status.changed'], also: (ws) => addFormRequirement(ws, scope, order, requirement, at) };
  });
}
