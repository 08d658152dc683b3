import { companyIdParams } from '../../companies/params';
import { noQuery } from '../../input/empty';
import { plainList } from '../../resources/lists';
import { serviceOrderSchema } from '../../resources/service-order';
import { partner } from '../core/operation';

export const listServiceOrdersOfCompany = partner('list-company-service-orders', {
  method: 'GET',
  path: '/v1/companies/{companyID}/service-orders',
  operation: 'listServiceOrdersOfCompany',
  scope: 'orders:read',
  params: companyIdParams,
  query: noQuery,
  summary: 'Every service order of a company, newest first',
  tag: 'Service orders',
  responses: {
    200: {
      description: 'The orders.',
      schema: plainList('ServiceOrderList', serviceOrderSchema, 'Every service order of a company, newest first.'),
    },
  },
  errors: [404],
});
