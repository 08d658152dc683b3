import { getMe } from './get-me';
import { listProducts } from './list-products';
import { apiReference } from './api-reference';
import { apiReferenceRenderer } from './reference-asset';
import { errorReference } from './error-reference';

export const foundationRoutes = [getMe, listProducts, apiReference, apiReferenceRenderer, errorReference];
