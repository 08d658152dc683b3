import { findProduct, FORMATION_PRODUCT_KEY, mandatoryProducts, type Product } from '../catalog/products';
import type { CreateCompanyBody } from './schemas';

export interface AttachedProduct {
  product: Product;
  /** The bundle that brought this product in: it bills nothing of its own (spec Service order `included_in`). */
  includedIn?: string;
}

/**
 * Every product a new company gets, in order: formation (only when the operator forms it), the
 * mandatory products of its set, each listed service, and the products bundled into any of these.
 * Unknown keys are skipped here; the `services` rule refuses them.
 */
export function attachedProducts(body: Pick<CreateCompanyBody, 'pre_existing' | 'services'>): AttachedProduct[] {
  const set = body.pre_existing ? 'pre_existing' : 'formation';
  const direct: Product[] = [];
  const add = (p: Product | undefined) => {
    if (p && !direct.some((d) => d.key === p.key)) direct.push(p);
  };
  if (!body.pre_existing) add(findProduct(FORMATION_PRODUCT_KEY));
  for (const p of mandatoryProducts(set)) add(p);
  for (const key of body.services ?? []) add(findProduct(key));
  const out: AttachedProduct[] = direct.map((product) => ({ product }));
  for (const bundle of direct) {
    for (const key of bundle.includes) {
      const included = findProduct(key);
      if (included && !out.some((a) => a.product.key === key)) out.push({ product: included, includedIn: bundle.key });
    }
  }
  return out;
}
