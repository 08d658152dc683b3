import { apiOperation } from '../../lib/http/api-operation';
import { PRODUCTS } from '../../lib/catalog/products';
import { noQuery } from '../../lib/input';

/** GET /v1/products: the catalog; the same for both modes. */
export const handler = apiOperation({
  scope: 'orders:read',
  query: noQuery,
  handle: async () => ({ status: 200, body: { object: 'list', items: PRODUCTS } }),
});
