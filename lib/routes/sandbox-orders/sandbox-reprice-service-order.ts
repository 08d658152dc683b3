import { repriceBody } from '../../orders/params';
import { orderTrigger } from './shared';

export const sandboxRepriceServiceOrder = orderTrigger(
  'sandbox-reprice-service-order',
  'reprice',
  'sandboxRepriceServiceOrder',
  'An operator-side option change (service_order.updated)',
  repriceBody,
);
