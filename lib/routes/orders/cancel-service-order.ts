import { noBody } from '../../input/empty';
import { move } from './shared';

export const cancelServiceOrder = move(
  'cancel-service-order',
  'cancel',
  'cancelServiceOrder',
  'Cancel before fulfilment (credited) or decline a quote; canceling the formation order cancels the company',
  noBody,
  [402, 404],
);
