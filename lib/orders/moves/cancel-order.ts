import { FORMATION_PRODUCT_KEY } from '../../catalog/products';
import { getCompany } from '../../companies/store';
import { addEntitlementChange } from '../../entitlements/change-entitlements';
import { resourceMissing } from '../../errors';
import { cancelCompany } from '../../lifecycle/operations/cancel-company';
import type { Scope } from '../../store/scope';
import { changeOrder } from '../change-order';
import { cancellable, cancellation } from '../cancellation';
import { readOrder } from '../order-store';
import type { OrderRecord } from '../order-record';

/**
 * POST /service-orders/{id}/cancel. Canceling the company's formation order before its fulfilment
 * starts cancels the company's formation as a whole (lib/lifecycle/operations/cancel-company.ts);
 * any other order is canceled alone, taking back the right it granted.
 */
export async function cancelOrder(scope: Scope, orderId: string): Promise<OrderRecord> {
  const read = await readOrder(scope, orderId);
  if (!read) throw resourceMissing('service order', orderId);
  if (read.product_key === FORMATION_PRODUCT_KEY && cancellable(read)) {
    const { result } = await cancelCompany(scope, read.company);
    return result!.find((o) => o.id === orderId)!;
  }
  return changeOrder(scope, orderId, async (order, at) => {
    const { takesBack, ...change } = cancellation(scope, order, at);
    const company = takesBack ? await getCompany(scope, order.company, { consistent: true }) : undefined;
    return {
      ...change,
      also: (ws) => {
        if (takesBack && company) addEntitlementChange(ws, scope, company, takesBack, -1, at);
      },
    };
  });
}
