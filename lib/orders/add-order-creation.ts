import { renderServiceOrder, type ServiceOrderRecord } from '../resources/service-order';
import { previousOfCreated } from '../resources/previous-attributes';
import type { Scope } from '../scope';
import { addServiceOrderItem } from '../store/entities/service-order';
import type { WriteSet } from '../store/write-set';
import { billNewOrder } from './bill-new-order';

/**
 * Adds a new order to a WriteSet with its `service_order.status.changed` event (spec: "any creation or
 * movement fires service_order.status.changed"), so the order and its event commit together. The order
 * did not exist before: `previous_attributes` is `{status: null}`.
 */
export function addServiceOrderCreation(ws: WriteSet, scope: Scope, created: ServiceOrderRecord): WriteSet {
  // Billed in the same transaction: the order's ledger lines and its billed total.
  const record = billNewOrder(ws, scope, created);
  addServiceOrderItem(ws, scope, record);
  ws.recordEvent({
    type: 'service_order.status.changed',
    companyId: record.company,
    resource: renderServiceOrder(record),
    previous: previousOfCreated(),
  });
  return ws;
}
