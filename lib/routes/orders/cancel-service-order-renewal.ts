import { noBody } from '../../input/empty';
import { move } from './shared';

export const cancelServiceOrderRenewal = move(
  'cancel-service-order-renewal',
  'renewal/cancel',
  'cancelServiceOrderRenewal',
  'Ask that renewals stop (awaits an operator decision)',
  noBody,
);
