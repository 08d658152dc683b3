import { noBody } from '../../input/empty';
import { orderTrigger } from './shared';

export const sandboxApproveRenewalCancel = orderTrigger(
  'sandbox-approve-renewal-cancel',
  'renewal/approve',
  'sandboxApproveRenewalCancel',
  'Approve a renewal cancel (service_order.renewal_canceled)',
  noBody,
);
