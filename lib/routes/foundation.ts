import { noQuery } from '../input';
import { callerSchema } from '../resources/caller';
import { plainList } from '../resources/lists';
import { productSchema } from '../resources/product';
import { keyless, partner } from './operation';

export const getMe = partner('get-me', {
  method: 'GET',
  path: '/v1/me',
  operation: 'getMe',
  query: noQuery,
  summary: 'The caller: partner, key, mode, scopes and versions',
  tag: 'Account',
  responses: { 200: { description: 'The caller.', schema: callerSchema } },
});

export const listProducts = partner('list-products', {
  method: 'GET',
  path: '/v1/products',
  operation: 'listProducts',
  scope: 'orders:read',
  query: noQuery,
  summary: 'The product catalog at wholesale prices',
  tag: 'Catalog',
  responses: { 200: { description: 'Every product.', schema: plainList('ProductList', productSchema, 'The catalog.') } },
});

export const errorReference = keyless('pages', 'error-reference', { method: 'GET', path: '/docs/partner/errors', operation: 'errorReference' });

export const foundationRoutes = [getMe, listProducts, errorReference];
