import { apiOperation } from '../../lib/http/operation';
import { listProducts as contract } from '../../lib/routes/foundation/list-products';
import { PRODUCTS } from '../../lib/catalog/products';
import { renderProduct } from '../../lib/resources/product';
import { onFirstUse } from '../../lib/resources/built-on-first-use';

/** The catalog is constant: put in the schema's field order once per process, not on every request. */
const catalog = onFirstUse(() => PRODUCTS.map(renderProduct));

/** GET /v1/products: the catalog; the same for both modes. */
export const handler = apiOperation({
  ...contract,
  handle: async () => ({ status: 200, body: { object: 'list', items: catalog() } }),
});
