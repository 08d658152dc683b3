import { fieldName, jsonPath, type FieldError } from '../errors';

/**
 * Characters no text of a request is meant to carry (docs/decisions.md, "Hostile input at the edges"):
 * C0 controls but tab, line feed and carriage return (NUL among them), DEL and the C1 controls, and the
 * bidirectional embeddings, overrides and isolates that make text display in another order than it is
 * stored (a name that reads differently in the dashboard, an e-mail or a filing than in the data).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this rule's purpose
const UNPRINTABLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Refusals are capped: a body full of them is answered with its first few, as a schema refusal is. */
const MAX_REPORTED = 10;

/**
 * One refusal per string of a parsed JSON body that carries an unprintable character, a character
 * that could not be read (`UNREADABLE`), or is not well-formed Unicode (a lone surrogate, which no
 * UTF-8 store keeps as sent). `metadata` is skipped at any depth: the spec keeps it "stored and
 * returned verbatim and never interpreted".
 */
export function unprintableText(body: unknown): FieldError[] {
  const out: FieldError[] = [];
  const visit = (value: unknown, path: PropertyKey[]) => {
    if (out.length >= MAX_REPORTED) return;
    if (typeof value === 'string') {
      const refusal = refusalOf(value, path);
      if (refusal) out.push(refusal);
    } else if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) visit(item, [...path, i]);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) if (key !== 'metadata') visit(item, [...path, key]);
    }
  };
  visit(body, []);
  return out;
}

/**
 * U+FFFD, the replacement character, is what bytes that are not UTF-8 become when the body is read as
 * text (by API Gateway for a JSON body, by the local gateway alike): `Café` sent as Latin-1 arrived as
 * `Caf\uFFFD`. JSON is UTF-8 (RFC 8259), so it is refused rather than stored as a name nobody wrote.
 */
const UNREADABLE = '\uFFFD';

function refusalOf(value: string, path: PropertyKey[]): FieldError | undefined {
  if (value.includes(UNREADABLE)) {
    return {
      reason: 'contains U+FFFD, a character that could not be read: the body was not sent as UTF-8',
      location: jsonPath(path),
      validation_type: 'pattern',
      how_to_fix: `Send the body encoded as UTF-8 (JSON is UTF-8, RFC 8259), with \`Content-Type: application/json; charset=utf-8\`, so ${fieldName(path)} arrives as written.`,
    };
  }
  const found = value.match(UNPRINTABLE)?.[0];
  if (found === undefined && !LONE_SURROGATE.test(value)) return undefined;
  const what = found !== undefined ? `the character U+${codePoint(found)}` : 'a lone UTF-16 surrogate (not well-formed Unicode)';
  const cleaned = Array.from(value.replace(UNPRINTABLE, '').replace(new RegExp(LONE_SURROGATE.source, 'g'), ''))
    .slice(0, 60)
    .join('');
  const field = fieldName(path);
  return {
    reason: `contains ${what}`,
    location: jsonPath(path),
    validation_type: 'pattern',
    how_to_fix: `Send ${field} as printable text without control or text-direction characters${cleaned ? `, such as ${JSON.stringify(cleaned)}` : ''}.`,
  };
}

const codePoint = (c: string) => c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
