import { findProduct, FORMATION_PRODUCT_KEY, mandatoryProducts, PRODUCTS } from '../../catalog/products';
import { closest, withArticle } from '../../errors';
import { violation, type CompanyRule } from './rule';

/**
 * Spec create-company `services`: catalog product keys, each becoming a service order; formation is
 * implied. Ours (docs/decisions.md): each key once; not a product that attaches anyway (mandatory, or
 * bundled in another listed product); not a per-owner product, which needs its `shareholder` and is
 * ordered through POST /companies/{id}/service-orders; only products offered for the entity type.
 */
export const services: CompanyRule = (body) => {
  const listed = body.services ?? [];
  const set = body.pre_existing ? 'pre_existing' : 'formation';
  const mandatory = new Set(mandatoryProducts(set).map((p) => p.key));
  const out = [];
  const seen = new Map<string, number>();
  for (const [i, key] of listed.entries()) {
    const at = `$.services[${i}]`;
    const product = findProduct(key);
    const bundle = listed.map(findProduct).find((b) => b && b.key !== key && b.includes.includes(key));
    if (!product) {
      const keys = PRODUCTS.filter((p) => p.key !== FORMATION_PRODUCT_KEY).map((p) => p.key);
      out.push(
        violation(
          at,
          `'${key}' is not a product of the catalog`,
          `Send a product key of GET /v1/products in services, such as "${closest(key, keys)}" (the closest to '${key}'); the keys are ${keys.join(', ')}.`,
          'enum',
        ),
      );
    } else if (key === FORMATION_PRODUCT_KEY) {
      out.push(
        violation(
          at,
          'formation is implied and not listed',
          'Remove formation from services; choose its options (turnaround) in service_options.formation.',
          'not',
        ),
      );
    } else if (seen.has(key)) {
      out.push(
        violation(
          at,
          `'${key}' is listed twice`,
          `Remove this entry: '${key}' is already listed at $.services[${seen.get(key)}].`,
          'uniqueItems',
        ),
      );
    } else if (mandatory.has(key)) {
      out.push(
        violation(
          at,
          `'${key}' is attached automatically`,
          `Remove '${key}' from services: every ${set === 'formation' ? 'new' : 'pre_existing'} company gets it.`,
          'not',
        ),
      );
    } else if (bundle) {
      out.push(
        violation(
          at,
          `'${key}' is included in '${bundle.key}'`,
          `Remove '${key}' from services: '${bundle.key}' includes it at no extra charge.`,
          'not',
        ),
      );
    } else if (product.per_owner) {
      out.push(
        violation(
          at,
          `'${key}' is ordered per owner`,
          `Remove '${key}' from services; once the company exists, order it for each owner with POST /v1/companies/{companyID}/service-orders, such as {"product_key": "${key}", "shareholder": "sh_7Hq2Lr9XvB3kTz5NcW1pYd"}.`,
          'not',
        ),
      );
    } else if (product.entity_types.length && !product.entity_types.includes(body.entity_type)) {
      out.push(
        violation(
          at,
          `'${key}' is not offered for ${withArticle(body.entity_type)}`,
          `Remove '${key}' from services: it is offered for ${product.entity_types.join(' or ')} companies only.`,
          'not',
        ),
      );
    }
    if (!seen.has(key)) seen.set(key, i);
  }
  return out;
};
