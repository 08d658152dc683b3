import { noBody } from '../../input/empty';
import { orderTrigger } from './shared';

export const sandboxDenyRenewalCancel = orderTrigger(
  'sandbox-deny-renewal-cancel',
  'renewal/deny',
  'sandboxDenyRenewalCancel',
  'Deny a renewal cancel (service_order.renewal_cancel_denied)',
  noBody,
);
