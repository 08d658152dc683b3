import { FORMATION_PRODUCT_KEY } from '../../catalog/products';
import { getCompany } from '../../store/entities/company';
import { addEntitlementChange } from '../../entitlements/change-entitlements';
import { resourceMissing } from '../../errors';
import { cancelCompany } from './cancel-company';
import type { Scope } from '../../scope';
import { changeOrder } from '../../orders/change-order';
import { cancellable, cancellation } from '../../orders/cancellation';
import { readOrder } from '../../store/entities/service-order';
import type { OrderRecord } from '../../store/entities/service-order';

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
    // Settled in the final transaction, or before it when the company had much to settle.
    return result!.find((o) => o.id === orderId) ?? (await readOrder(scope, orderId))!;
  }
  return changeOrder(
    scope,
    orderId,
    async (order, at) => {
      const { takesBack, ...change } = cancellation(scope, order, at);
      const company = takesBack ? await getCompany(scope, order.company, { consistent: true }) : undefined;
      return {
        ...change,
        also: (ws) => {
          if (takesBack && company) addEntitlementChange(ws, scope, company, takesBack, -1, at);
        },
      };
    },
    read,
  );
}
