import type { Scope } from '../../scope';
import { changeOrder, without } from '../change-order';
import { illegalMove } from '../order-errors';
import { refuseInvalidAnswers } from '../../forms/form-answers';
import { addFormRequirementResolution } from '../form-requirement';
import type { OrderRecord } from '../../store/entities/service-order';

/**
 * POST /service-orders/{id}/form `{answers}`: answers validated against the awaited form; the form
 * requirement resolves and the order goes back to `in_progress` (its `form` cleared). `justRead`: the
 * order as the caller has just read it, consistently, for the first attempt (`changeOrder`).
 */
export function submitForm(scope: Scope, orderId: string, answers: Record<string, unknown>, justRead?: OrderRecord): Promise<OrderRecord> {
  return changeOrder(
    scope,
    orderId,
    async (order, at) => {
      if (order.status !== 'requires_action' || !order.form)
        throw illegalMove(
          `The order is ${order.status}: it is not waiting on a form.`,
          'Submit a form only while the order is requires_action.',
        );
      await refuseInvalidAnswers(scope, order.company, order.form, answers);
      const requirementKey = order.form_requirement;
      return {
        next: { ...without(order, 'form', 'form_requirement'), status: 'in_progress', workflow_status: 'reviewing_answers' },
        events: ['service_order.status.changed'],
        also: async (ws) => {
          if (requirementKey) await addFormRequirementResolution(ws, scope, order, requirementKey, answers, at);
        },
      };
    },
    justRead,
  );
}
