import { noQuery } from '../../input/empty';
import { serviceOrderIdParams } from '../../orders/params';
import { serviceOrderSchema } from '../../resources/service-order';
import { partner } from '../core/operation';
import { tag } from './shared';

export const getServiceOrder = partner('get-service-order', {
  method: 'GET',
  path: '/v1/service-orders/{serviceOrderID}',
  operation: 'getServiceOrder',
  scope: 'orders:read',
  params: serviceOrderIdParams,
  query: noQuery,
  summary: 'One order, with `form` while it waits on one',
  tag,
  responses: { 200: { description: 'The order.', schema: serviceOrderSchema } },
  errors: [404],
});
