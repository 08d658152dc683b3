import type { Product } from '../catalog/products';
import { closest, type FieldError } from '../errors';
import { ownValue } from '../caller-keys';

/** Option choices checked against the catalog: each key an option of the product, each value allowed. */
export function optionViolations(product: Product, options: Record<string, string> | undefined, at = '$.options'): FieldError[] {
  const out: FieldError[] = [];
  for (const [key, value] of Object.entries(options ?? {})) {
    const spec = ownValue(product.options, key);
    const known = Object.keys(product.options);
    if (!spec) {
      out.push({
        reason: `'${key}' is not an option of '${product.key}'`,
        location: `${at}.${key}`,
        validation_type: 'additionalProperties',
        how_to_fix: known.length
          ? `Remove '${key}' from options; the options of '${product.key}' are ${known.join(', ')}.`
          : `Remove options: '${product.key}' has no options.`,
      });
    } else if (!spec.values.includes(value)) {
      out.push({
        reason: `'${value}' is not a value of '${key}'`,
        location: `${at}.${key}`,
        validation_type: 'enum',
        how_to_fix: `Send ${key} as one of ${spec.values.join(', ')}, such as "${key}": "${closest(value, spec.values)}".`,
      });
    }
  }
  return out;
}

/**
 * The wholesale price of an order with these choices: the product's price plus what each choice adds;
 * an included order only what its choices add beyond the bundle (spec `included_in`).
 */
export function priceWith(product: Product, options: Record<string, string>, includedIn?: string): number {
  let amount = includedIn ? 0 : (product.unit_amount ?? 0);
  for (const [key, spec] of Object.entries(product.options))
    amount += ownValue(spec.amounts ?? {}, ownValue(options, key) ?? spec.default) ?? 0;
  return amount;
}
