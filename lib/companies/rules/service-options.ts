import { FORMATION_PRODUCT_KEY } from '../../catalog/products';
import { attachedProducts } from '../attached-products';
import { closest } from '../../errors';
import { violation, type CompanyRule } from './rule';
import { ownValue } from '../../caller-keys';

/**
 * Spec create-company `service_options`: keyed by product key, covering formation, the mandatory,
 * listed and bundled products; a key naming a product not being attached is refused; values must be
 * the product's allowed options. `turnaround` (expedited filing) exists only on formation, and
 * formation is ordered only here, so it is chosen only at creation.
 */
export const serviceOptions: CompanyRule = (body) => {
  const attached = new Map(attachedProducts(body).map((a) => [a.product.key, a.product]));
  const out = [];
  for (const [key, choices] of Object.entries(body.service_options ?? {})) {
    const product = attached.get(key);
    if (!product) {
      const why =
        key === FORMATION_PRODUCT_KEY
          ? 'formation is not ordered for a pre_existing company'
          : `'${key}' is not being attached to this company`;
      out.push(
        violation(
          `$.service_options.${key}`,
          why,
          `Remove service_options.${key}, or add '${key}' to services first if it is a catalog product; options apply to products this company gets (${[...attached.keys()].join(', ')}).`,
          'additionalProperties',
        ),
      );
      continue;
    }
    for (const [option, value] of Object.entries(choices)) {
      const at = `$.service_options.${key}.${option}`;
      const spec = ownValue(product.options, option);
      if (!spec) {
        const hint = option === 'turnaround' ? ' (turnaround is an option of formation only)' : '';
        const known = Object.keys(product.options);
        out.push(
          violation(
            at,
            `'${option}' is not an option of '${key}'${hint}`,
            known.length
              ? `Remove '${option}' from service_options.${key}; its options are ${known.join(', ')}.`
              : `Remove '${option}' from service_options.${key}: '${key}' has no options.`,
            'additionalProperties',
          ),
        );
      } else if (!spec.values.includes(value)) {
        out.push(
          violation(
            at,
            `'${value}' is not a value of '${option}'`,
            `Send ${option} as one of ${spec.values.join(', ')}, such as "${option}": "${closest(value, spec.values)}".`,
            'enum',
          ),
        );
      }
    }
  }
  return out;
};
