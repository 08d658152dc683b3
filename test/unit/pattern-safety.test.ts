import { patternProblem } from '../../lib/forms/pattern-safety';
import { formFor } from '../../lib/orders/order-form';
import { PRODUCTS } from '../../lib/catalog/products';

describe('a form field pattern that may be run against answers', () => {
  it('refuses a pattern that does not compile', () => {
    for (const p of ['(', '[a-', 'a{2,1}', '*a']) expect(patternProblem(p)).toBe('invalid');
  });

  it('refuses a repeated group that itself repeats: the shapes that backtrack without end', () => {
    for (const p of ['(a+)+$', '^(a*)*b', '(\\d+)*x', '((ab)+)+', '(a{1,5}){2,}', '(?:x+y?)+z', '(a|b+)*c', '(a+?)+']) {
      expect([p, patternProblem(p)]).toEqual([p, 'nested_repetition']);
    }
  });

  it('keeps everyday patterns, groups repeated once or optional, and quantifiers inside classes or escapes', () => {
    for (const p of [
      '^[A-Z]{2}$',
      '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$',
      '^(ab)+$',
      '^(a+)?b$',
      '^(a+){1}$',
      '^[(+*)]+$',
      '^\\(\\d+\\)+$',
      '^(?:[0-9]{3}-)?[0-9]{4}$',
      '^[A-Z]{2}[0-9]{4,8}$',
    ]) {
      expect([p, patternProblem(p)]).toEqual([p, undefined]);
    }
  });

  it("keeps every pattern of the catalog's own forms", () => {
    for (const product of PRODUCTS) {
      for (const field of formFor(product.key).fields) {
        if (field.validation?.pattern !== undefined) expect(patternProblem(field.validation.pattern)).toBeUndefined();
      }
    }
  });
});
