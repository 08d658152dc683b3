import { companyIdParams } from '../../companies/params';
import { noQuery } from '../../input/empty';
import { createOrderBody } from '../../orders/create-order';
import { serviceOrderSchema } from '../../resources/service-order';
import { partner } from '../core/operation';
import { tag } from './shared';

export const createServiceOrder = partner('create-service-order', {
  method: 'POST',
  path: '/v1/companies/{companyID}/service-orders',
  operation: 'createServiceOrder',
  scope: 'orders:write',
  idempotent: true,
  params: companyIdParams,
  query: noQuery,
  body: createOrderBody,
  summary: 'Order a catalog product on a company (honours Idempotency-Key)',
  tag,
  responses: { 201: { description: 'The new order.', schema: serviceOrderSchema, headers: { Location: 'The order’s URL.' } } },
  errors: [402, 404, 409, 422],
});
