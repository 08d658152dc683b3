import type { Scope } from '../scope';
import { without, type OrderChange, type OrderEventType } from './change-order';
import { addFormRequirementWithdrawal } from './form-requirement';
import { illegalMove } from './order-errors';
import type { OrderRecord } from '../store/entities/service-order';

/** A completion fires both (spec: any creation or movement; `service_order.completed` once). */
export const COMPLETED_EVENTS: OrderEventType[] = ['service_order.status.changed', 'service_order.completed'];

/**
 * The order as its final step leaves it (spec Service order: any → `completed`, terminal;
 * `completed_at` set once), or the refusal when it cannot complete: a canceled or completed order
 * (terminal), or one still awaiting its quote.
 */
export function completion(order: OrderRecord, at: string, outcome?: string): OrderRecord {
  if (order.status === 'completed' || order.status === 'canceled')
    throw illegalMove(`The order is already ${order.status}.`, 'Nothing to do: the order is terminal.');
  if (order.status === 'quote_pending') throw illegalMove('The order awaits its quote.', 'Quote and accept it first.');
  const next: OrderRecord = {
    ...without(order, 'form', 'form_requirement'),
    status: 'completed',
    completed_at: order.completed_at ?? at,
    workflow_status: 'completed',
  };
  if (outcome) next.outcome = outcome;
  return next;
}

/** Whether `completion` accepts the order. */
export function completable(order: OrderRecord): boolean {
  return order.status !== 'completed' && order.status !== 'canceled' && order.status !== 'quote_pending';
}

/**
 * A completion as one move: the completed order with its events and, when its step was waiting on a
 * form, that form's requirement withdrawn in the same transaction (spec: `requires_action` comes with
 * an open `form` requirement; once the order is completed nothing waits on it, and leaving it open
 * kept it in `open_requirements` for ever).
 */
export function completionChange(scope: Scope, order: OrderRecord, at: string, outcome?: string): OrderChange {
  return {
    next: completion(order, at, outcome),
    events: COMPLETED_EVENTS,
    also: async (ws) => {
      await addFormRequirementWithdrawal(ws, scope, order, FORM_DROPPED_ON_COMPLETION, at);
    },
  };
}

/** The `cancel_reason` of a form requirement whose order completed without it. */
export const FORM_DROPPED_ON_COMPLETION = 'The order was completed; its form is no longer needed.';
