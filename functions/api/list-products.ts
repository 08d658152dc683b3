import { apiOperation } from '../../lib/http/operation';
import { listProducts as contract } from '../../lib/routes/foundation/list-products';
import { PRODUCTS } from '../../lib/catalog/products';
import { renderProduct } from '../../lib/resources/product';

/** GET /v1/products: the catalog; the same for both modes. */
export const handler = apiOperation({
  ...contract,
  handle: async () => ({ status: 200, body: { object: 'list', items: PRODUCTS.map(renderProduct) } }),
});
