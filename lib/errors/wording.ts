/**
 * Small helpers for the words of refusals (docs/decisions.md, "Errors that say how to fix"): the
 * article before a value ("an accepted filing"), counted nouns, and the closest known value to a
 * mistyped one, so every `how_to_fix` can show a valid value rather than restate the problem.
 */

/** "a" or "an" before a word, by its first sound as read aloud (`an accepted`, `a received`, `an llc`). */
export function article(word: string): 'a' | 'an' {
  const w = word.trim().toLowerCase();
  // An initialism is read letter by letter: "an llc", "an SMS", "a c_corp" (see-corp).
  const head = w.split(/[^a-z]/)[0];
  if (head.length >= 2 && head.length <= 5 && !/[aeiouy]/.test(head)) return /^[fhlmnrsx]/.test(head) ? 'an' : 'a';
  if (/^(one|once|uni|use|usu|eu)/.test(w)) return 'a';
  if (/^(hour|honest|honou?r)/.test(w)) return 'an';
  return /^[aeiou]/.test(w) ? 'an' : 'a';
}

/** The word with its article: `withArticle('accepted')` → `an accepted`. */
export const withArticle = (word: string): string => `${article(word)} ${word}`;

/** `1 item`, `3 items`; `irregular` for plurals that do not just add an s. */
export function counted(n: number, noun: string, irregular?: string): string {
  return `${n} ${n === 1 ? noun : (irregular ?? `${noun}s`)}`;
}

/** Levenshtein distance, case-insensitive. */
export function editDistance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  let prev = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const row = [i];
    for (let j = 1; j <= t.length; j++) row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (s[i - 1] === t[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[t.length];
}

/**
 * The known value closest to `input`: the fewest single-character edits, ignoring case; a candidate
 * that starts with the input (or that the input starts with, from three characters) comes first, and
 * a tie goes to the first listed.
 * Always answers one of `candidates` (which must not be empty), so a fix can always show a valid value.
 */
export function closest(input: string, candidates: readonly string[]): string {
  let best = candidates[0];
  let bestScore = Number.POSITIVE_INFINITY;
  const lower = input.toLowerCase();
  for (const candidate of candidates) {
    const c = candidate.toLowerCase();
    const prefix = c.startsWith(lower) || lower.startsWith(c);
    const score = editDistance(input, candidate) - (prefix && lower.length >= 3 ? 1000 : 0);
    if (score < bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}

/** Whether `candidate` is near enough to `input` to be offered as "did you mean": a slip, not another word. */
export function isNear(input: string, candidate: string): boolean {
  const lower = input.toLowerCase();
  const c = candidate.toLowerCase();
  if (lower.length >= 3 && (c.startsWith(lower) || lower.startsWith(c))) return true;
  return editDistance(input, candidate) <= Math.max(2, Math.floor(Math.min(input.length, candidate.length) / 4));
}

/** The text with its first letter in capitals, to start a sentence. */
export const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
