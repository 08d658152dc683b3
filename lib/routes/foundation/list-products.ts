import { noQuery } from '../../input/empty';
import { plainList } from '../../resources/lists';
import { productSchema } from '../../resources/product';
import { partner } from '../core/operation';

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
