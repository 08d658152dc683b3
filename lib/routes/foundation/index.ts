import { getMe } from './get-me';
import { listProducts } from './list-products';
import { errorReference } from './error-reference';

export { getMe, listProducts, errorReference };

export const foundationRoutes = [getMe, listProducts, errorReference];
