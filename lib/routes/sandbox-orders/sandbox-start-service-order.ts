import { noBody } from '../../input/empty';
import { orderTrigger } from './shared';

export const sandboxStartServiceOrder = orderTrigger(
  'sandbox-start-service-order',
  'start',
  'sandboxStartServiceOrder',
  'Fulfilment starts: received → in_progress',
  noBody,
);
