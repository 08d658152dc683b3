import { RE2JS } from 're2js';

/**
 * A form field's `validation.pattern` (spec Service order → form field `validation`), written by a
 * partner (POST /v1/sandbox/companies/{id}/requirements with a `form`) or the operator, and run
 * against every answer to that field. JavaScript's RegExp backtracks: `(a|a)*$` took 4.6 s on 26
 * characters and `\d*\d*\d*\d*\d*x` minutes on 200, each holding the whole function. So a
 * pattern runs on RE2 (re2js, docs/decisions.md "Form patterns run on RE2"): it reads an answer once,
 * left to right, each byte one step over at most `programSize` instructions, whatever the pattern.
 *
 * What bounds one answer's check: at most MAX_ANSWER_LENGTH characters, against a pattern of at most
 * MAX_PROGRAM_SIZE instructions; a form's patterns together at most MAX_FORM_PROGRAM_SIZE, so a form
 * with many fields cannot multiply it.
 */
export type PatternProblem = 'too_long' | 'invalid' | 'unsupported' | 'too_complex';

export const MAX_PATTERN_LENGTH = 500;
/** The longest text answer to any form field (its own `max_length` may be lower). */
export const MAX_ANSWER_LENGTH = 2_000;
/** RE2's compiled size of one pattern: `^[A-Z]{2}[0-9]{4,8}$` is 18, an e-mail shape 11. */
export const MAX_PROGRAM_SIZE = 200;
/** The compiled size of all of one form's patterns together. */
export const MAX_FORM_PROGRAM_SIZE = 1_000;

export const PATTERN_EXAMPLE = '^[A-Z]{2}[0-9]{4,8}$';

/** A pattern ready to run against answers, on RE2. */
export class AnswerPattern {
  constructor(private readonly re: RE2JS) {}

  /** Whether the answer holds a match, as JavaScript's `RegExp.prototype.test` answers. */
  matches(answer: string): boolean {
    return this.matchesUtf8(new TextEncoder().encode(answer));
  }

  /** The same on the answer's UTF-8 bytes, which the engine reads one at a time (test/unit/pattern-safety.test.ts counts them). */
  matchesUtf8(bytes: Uint8Array | number[]): boolean {
    return this.re.test(bytes);
  }

  /** The compiled program's size: each step of a match visits at most this many instructions. */
  get programSize(): number {
    return this.re.programSize();
  }
}

type Compiled = { pattern: AnswerPattern } | { problem: PatternProblem };

/** Compiled patterns by source: a form's fields are checked on every answer, and compiling costs more than matching a short answer. */
const cache = new Map<string, Compiled>();
const CACHE_SIZE = 500;

function compile(source: string): Compiled {
  const known = cache.get(source);
  if (known) return known;
  const compiled = compileAnew(source);
  if (cache.size >= CACHE_SIZE) cache.clear();
  cache.set(source, compiled);
  return compiled;
}

function compileAnew(source: string): Compiled {
  if (source.length > MAX_PATTERN_LENGTH) return { problem: 'too_long' };
  // The pattern is documented as a JavaScript regular expression (it is the `pattern` of the
  // OpenAPI document and of a browser's <input>), so it must be one ...
  try {
    new RegExp(source);
  } catch {
    return { problem: 'invalid' };
  }
  // ... that RE2 can run as written: no backreference (re2js's translation would turn `\k<name>`
  // into the letters `k<name>`), no lookahead or lookbehind.
  if (/\\k<|\\[1-9]/.test(source.replace(/\\\\/g, ''))) return { problem: 'unsupported' };
  let re: RE2JS;
  try {
    re = RE2JS.compile(RE2JS.translateRegExp(source));
  } catch {
    return { problem: 'unsupported' };
  }
  if (re.programSize() > MAX_PROGRAM_SIZE) return { problem: 'too_complex' };
  return { pattern: new AnswerPattern(re) };
}

/** Why a pattern may not be kept, or undefined when it may. */
export function patternProblem(source: string): PatternProblem | undefined {
  const compiled = compile(source);
  return 'problem' in compiled ? compiled.problem : undefined;
}

/** The pattern, compiled for RE2; undefined for one that cannot run (kept before these checks existed), which then checks nothing. */
export function answerPattern(source: string): AnswerPattern | undefined {
  const compiled = compile(source);
  return 'pattern' in compiled ? compiled.pattern : undefined;
}

/** What a refused pattern is told, by problem. */
export const PATTERN_PROBLEM_REASONS: Record<PatternProblem, string> = {
  too_long: `is longer than ${MAX_PATTERN_LENGTH} characters`,
  invalid: 'is not a regular expression',
  unsupported: 'uses a backreference, a lookahead or a lookbehind, which cannot be run in linear time',
  too_complex: `compiles to more than ${MAX_PROGRAM_SIZE} instructions (a repetition count such as {500} counts each copy)`,
};

export const PATTERN_HOW_TO_FIX = `Send a JavaScript regular expression of at most ${MAX_PATTERN_LENGTH} characters that RE2 can run: no backreferences (\\1, \\k<name>), lookaheads or lookbehinds, and small repetition counts, such as "${PATTERN_EXAMPLE}".`;
