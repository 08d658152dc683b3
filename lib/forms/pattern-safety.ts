/**
 * Whether a form field's `validation.pattern` (spec Service order → form field `validation`) may be
 * kept and later run against a partner's answers. Forms with caller-written patterns come from the
 * operator and the sandbox (POST /v1/sandbox/companies/{id}/requirements with a `form`); a pattern
 * that does not compile made the answer to it a 500, and one whose repetition nests (`(a+)+$`) took
 * half a minute of backtracking on a 29-character answer. Both are refused when the form is given.
 *
 * The nesting test is the star-height check of the safe-regex family: a group repeated by `*`, `+`
 * or `{n,}`/`{n,m}` (m > 1) must not itself contain such a repetition. It is a heuristic, as theirs
 * is, but it refuses the classic catastrophic shapes, and every pattern our own catalog forms use.
 */
export type PatternProblem = 'invalid' | 'nested_repetition';

export const MAX_PATTERN_LENGTH = 500;

export function patternProblem(pattern: string): PatternProblem | undefined {
  try {
    new RegExp(pattern);
  } catch {
    return 'invalid';
  }
  return nestsRepetition(pattern) ? 'nested_repetition' : undefined;
}

/** The compiled pattern of a field, or undefined for one that does not compile (kept before the check above existed). */
export function compiledPattern(pattern: string): RegExp | undefined {
  try {
    return new RegExp(pattern);
  } catch {
    return undefined;
  }
}

/** Does a repeated group contain a repetition? Escapes and character classes are skipped as single atoms. */
function nestsRepetition(pattern: string): boolean {
  // One frame per open group: whether something inside it repeats.
  const frames: boolean[] = [false];
  let i = 0;
  while (i < pattern.length) {
    const ch = pattern[i];
    if (ch === '\\') {
      i += 2;
    } else if (ch === '[') {
      i = endOfClass(pattern, i);
    } else if (ch === '(') {
      frames.push(false);
      i++;
      continue;
    } else if (ch === ')') {
      const inner = frames.length > 1 ? frames.pop()! : false;
      i++;
      const repeat = repetitionAt(pattern, i);
      if (repeat.repeats && inner) return true;
      frames[frames.length - 1] ||= inner || repeat.repeats;
      i += repeat.length;
      continue;
    } else {
      i++;
    }
    const repeat = repetitionAt(pattern, i);
    if (repeat.repeats) frames[frames.length - 1] = true;
    i += repeat.length;
  }
  return false;
}

/** The index just past the character class opening at `start`. */
function endOfClass(pattern: string, start: number): number {
  let i = start + 1;
  if (pattern[i] === '^') i++;
  if (pattern[i] === ']') i++;
  while (i < pattern.length && pattern[i] !== ']') i += pattern[i] === '\\' ? 2 : 1;
  return i + 1;
}

/** The quantifier at `i`, if any: its length, and whether it repeats (more than once). */
function repetitionAt(pattern: string, i: number): { repeats: boolean; length: number } {
  const ch = pattern[i];
  let length = 0;
  let repeats = false;
  if (ch === '*' || ch === '+') {
    length = 1;
    repeats = true;
  } else if (ch === '?') {
    length = 1;
  } else if (ch === '{') {
    const m = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i));
    if (m) {
      length = m[0].length;
      const max = m[2] === undefined ? Number(m[1]) : m[3] === '' ? Number.POSITIVE_INFINITY : Number(m[3]);
      repeats = max > 1;
    }
  }
  if (length && pattern[i + length] === '?') length++; // lazy: the same repetition
  return { repeats, length };
}
