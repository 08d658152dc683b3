import { MAX_PROGRAM_SIZE, answerPattern, patternProblem } from '../../lib/forms/pattern-safety';
import { formFor } from '../../lib/orders/order-form';
import { PRODUCTS } from '../../lib/catalog/products';

/** The answer's UTF-8 bytes, counting every byte the engine reads: one read is one step of the match. */
function counted(answer: string): { bytes: number[]; steps: () => number } {
  let steps = 0;
  const bytes = new Proxy(Array.from(new TextEncoder().encode(answer)), {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) steps++;
      return Reflect.get(target, key, receiver);
    },
  });
  return { bytes, steps: () => steps };
}

describe('a form field pattern runs in linear time', () => {
  // Each backtracks on JavaScript's RegExp: (a|a)*$ doubles its time with every 'a' (26 took 4.6 s over
  // HTTP), ^(\d|\d\d)*$ grows as the Fibonacci numbers, \d*\d*\d*\d*\d*x as n⁵ (200 digits: minutes).
  const slow: [string, string, boolean][] = [
    ['(a|a)*$', 'a', true], // the empty match at the end
    ['^(\\d|\\d\\d)*$', '1', false],
    ['\\d*\\d*\\d*\\d*\\d*x', '1', false],
    ['(a+)+$', 'a', false],
    ['^(a|aa)+$', 'a', false],
  ];

  it.each(slow)('%s reads a long answer once: the steps grow with its length, one a character', (source, char, expected) => {
    const pattern = answerPattern(source)!;
    expect(patternProblem(source)).toBeUndefined();
    const steps = [1_000, 2_000, 4_000].map((n) => {
      const answer = counted(`${char.repeat(n)}!`);
      expect(pattern.matchesUtf8(answer.bytes)).toBe(expected);
      return answer.steps();
    });
    // n + 1 bytes, each read once or twice (the end of the text is looked at again): linear, not n² or 2ⁿ.
    steps.forEach((s, i) => {
      const bytes = 1_000 * 2 ** i + 1;
      expect(s).toBeGreaterThanOrEqual(bytes);
      expect(s).toBeLessThanOrEqual(bytes + 8);
    });
    // And each step visits at most the program's instructions, which is bounded when the field is made.
    expect(pattern.programSize).toBeLessThanOrEqual(MAX_PROGRAM_SIZE);
  });

  it('answers as JavaScript would on everyday patterns', () => {
    const cases: [string, string, boolean][] = [
      ['^[A-Z]{2}[0-9]{4}$', 'AB1234', true],
      ['^[A-Z]{2}[0-9]{4}$', 'ab1234', false],
      ['^(?<year>\\d{4})-\\d{2}$', '2026-12', true],
      ['é', 'café', true],
      ['^\\u00e9$', 'é', true],
      ['a/b', 'xa/by', true],
      ['^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$', 'a@b.co', true],
    ];
    for (const [source, answer, expected] of cases) {
      expect([source, answer, answerPattern(source)!.matches(answer)]).toEqual([source, answer, expected]);
      expect(new RegExp(source).test(answer)).toBe(expected);
    }
  });
});

describe('a pattern the engine cannot run is refused', () => {
  it('one that is not a regular expression', () => {
    for (const p of ['(', '[a-', 'a{2,1}', '*a']) expect(patternProblem(p)).toBe('invalid');
  });

  it('a backreference, a lookahead or a lookbehind: RE2 runs none of them', () => {
    for (const p of ['(a)\\1', '(?<n>a)\\k<n>', 'a(?=b)', 'a(?!b)', '(?<=a)b', '(?<!a)b']) {
      expect([p, patternProblem(p)]).toEqual([p, 'unsupported']);
      expect(answerPattern(p)).toBeUndefined();
    }
  });

  it('one that compiles to more instructions than an answer may be stepped through', () => {
    expect(patternProblem('[ab]*a[ab]{900}$')).toBe('too_complex');
    expect(patternProblem('x'.repeat(501))).toBe('too_long');
  });

  it('keeps everyday patterns, and repetitions that only backtracking made slow', () => {
    for (const p of ['^[A-Z]{2}$', '^(ab)+$', '^(a+)?b$', '^[(+*)]+$', '^(?:[0-9]{3}-)?[0-9]{4}$', '(a+)+$', '(a|b+)*c']) {
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
