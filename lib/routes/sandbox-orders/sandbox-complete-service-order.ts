import { completeBody } from '../../orders/params';
import { orderTrigger } from './shared';

export const sandboxCompleteServiceOrder = orderTrigger(
  'sandbox-complete-service-order',
  'complete',
  'sandboxCompleteServiceOrder',
  'Complete the order (service_order.completed once)',
  completeBody,
);
