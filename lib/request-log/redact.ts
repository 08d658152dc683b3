/**
 * What the request log keeps of a body (docs/decisions.md, "The request log"): the JSON as sent or
 * answered, with secrets and identity data replaced by `[redacted]`, and no more than STORED_CHARS of it.
 * Secrets: fields named like one (`secret`, `password`, `token`, `api_key` or `Api-Key`…) and any string that
 * carries one of our key or signing-secret shapes, and the token in a status or verification link. Identity data: owners' dates of birth, tax and
 * document numbers (`ssn`, `itin`, `tax_id`, `ein`, `passport_number`…, also spelled out: `social_security_number`,
 * `employer_identification_number`; or `dateOfBirth`, `date-of-birth`), wherever they appear, and any field
 * whose name has one of those words among its words (`client_ssn`, `Passport No`). Every value of a
 * `metadata` object, whatever its key: a partner chooses those keys, and we cannot know what they hold.
 * And anything that looks like an SSN or ITIN (`123-45-6789`, nine digits), an EIN (`12-3456789`), a
 * passport number (a US one, a letter and eight digits, and other countries' shapes), an IBAN (passing its
 * check) or a card number (13 to 19 digits, spaces, dashes or dots between, passing the Luhn check),
 * wherever it stands in a string, an object's keys and the Idempotency-Key included; any dash counts.
 */
export const REDACTED = '[redacted]';

/** A body longer than this (as JSON) is kept as the start of its JSON text, marked as cut. */
export const STORED_CHARS = 8 * 1024;

// `[_-]?` wherever a separator may stand, and any case: a body field named `Api-Key`, `apiKey` or
// `private-key` is as secret as `api_key`.
const SECRET_FIELD =
  /(secret|password|passphrase|token|api[_-]?key|authorization|signature|private[_-]?key|otp|code[_-]?verifier|idempotency[_-]?key)/i;
/**
 * Identity names, matched whole on the field name without its separators, in any case: `date_of_birth`,
 * `date-of-birth`, `dateOfBirth` and `DateOfBirth` are one name.
 */
const IDENTITY_NAME =
  /^(ssn|itin|tin|taxid|taxpayerid|ein|socialsecurity(number)?|(individual)?(taxpayer|tax|employer)identificationnumber|dateofbirth|dob|birthdate|passportnumber|documentnumber|idnumber|nationalid|drivers?license(number)?)$/i;
/** Words that make a field identity data wherever they stand in its name (`client_ssn`, `Passport No`). */
const IDENTITY_WORDS = new Set([
  'ssn',
  'itin',
  'ein',
  'tin',
  'dob',
  'cvv',
  'cvc',
  'iban',
  'passeport',
  'pasaporte',
  'passaporto',
  'reisepass',
  'paszport',
  'paspoort',
]);
const IDENTITY_PHRASES =
  /socialsecurity|dateofbirth|birthdate|taxid|taxpayer|cardnumber|creditcard|driverslicen[cs]e|accountnumber|routingnumber/;
function isIdentityField(name: string): boolean {
  if (IDENTITY_NAME.test(name.replace(/[_\s-]/g, ''))) return true;
  const words = name
    .split(/[^A-Za-z0-9]+|(?<=[a-z])(?=[A-Z])/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
  // `passport` alone is an owner's document: a file id (lib/companies/schemas.ts), not its number.
  const passportSomething = words.length > 1 && words.includes('passport');
  return passportSomething || words.some((w) => IDENTITY_WORDS.has(w)) || IDENTITY_PHRASES.test(words.join(''));
}
/** API keys, signing secrets and dashboard session tokens (`dss_`, lib/dashboard/session.ts). */
const SECRET_IN_TEXT = /\b(svc_(live|test)_[0-9A-Za-z_]+|whsec_[0-9A-Za-z+/=]+|dss_[0-9A-Za-z]+)/g;
/** Any dash (hyphen, non-breaking hyphen, figure dash, en and em dash, minus), a space or a dot between digit groups. */
const SEP = '[-\u2010\u2011\u2012\u2013\u2014\u2212 .]';
/**
 * SSN or ITIN (any dash, a space, a dot or none between its groups), EIN, a US passport number (a
 * letter and eight digits), and the passports of other countries: one or two letters and six to eight
 * digits (Canada, India, Spain), two digits, two letters and five digits (France), nine letters and
 * digits with at least two digits (Germany).
 */
const NUMBERS_IN_TEXT = new RegExp(
  [
    `\\d{3}${SEP}\\d{2}${SEP}\\d{4}`,
    '\\d{9}',
    `\\d{2}${SEP}\\d{7}`,
    '[A-Za-z]\\d{8}',
    '[A-Z]{1,2}\\d{6,8}',
    '\\d{2}[A-Z]{2}\\d{5}',
    '(?=(?:[A-Z]*\\d){2})[CFGHJKLMNPRTVWXYZ][0-9CFGHJKLMNPRTVWXYZ]{8}',
  ]
    .map((p) => `\\b${p}\\b`)
    .join('|'),
  'g',
);
/**
 * A run of 13 to 19 digits, single spaces, dashes or dots between: a card number when it passes the
 * Luhn check, also glued to letters (`card4111111111111111`): bounded by non-digits, not by words.
 */
const CARD_IN_TEXT = new RegExp(`(?<!\\d)\\d(?:${SEP}?\\d){12,18}(?!\\d)`, 'g');
/** An IBAN: country, check digits, 11 to 30 letters and digits, spaces every four allowed; it must pass its mod-97 check. */
const IBAN_IN_TEXT = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}\b/g;

function passesMod97(iban: string): boolean {
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const n = ch >= 'A' && ch <= 'Z' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of n) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}
const redactIbans = (text: string) => text.replace(IBAN_IN_TEXT, (run) => (passesMod97(run.replace(/ /g, '')) ? REDACTED : run));

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

const redactCards = (text: string) => text.replace(CARD_IN_TEXT, (run) => (passesLuhn(run.replace(/\D/g, '')) ? REDACTED : run));
/** Status and verification links carry their bearer token in the path. */
const TOKEN_IN_LINK = /\/(status|verify)\/[^/?#\s"]+/g;

/** A string with every secret and identity number in it replaced (a body's text, a key of an object, an Idempotency-Key). */
export function redactText(value: string): string {
  return redactIbans(redactCards(value.replace(SECRET_IN_TEXT, REDACTED)))
    .replace(NUMBERS_IN_TEXT, REDACTED)
    .replace(TOKEN_IN_LINK, `/$1/${REDACTED}`);
}

export function redact(value: unknown, depth = 0): unknown {
  if (depth > 20) return REDACTED;
  if (typeof value === 'string') return redactText(value);
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = Object.create(null);
    for (const [name, v] of Object.entries(value)) {
      // A key is text too (an SSN used as a key): redacted like a value, numbered when two keys meet.
      const k = uniqueKey(out, redactText(name));
      // The whole value goes, a list or an object too: `"password": {"value": …}` is as secret as a string.
      if ((SECRET_FIELD.test(name) || isIdentityField(name)) && v !== null) out[k] = REDACTED;
      else if (name === 'metadata' && v !== null && typeof v === 'object' && !Array.isArray(v))
        out[k] = Object.fromEntries(Object.keys(v).map((key) => [redactText(key), REDACTED]));
      else out[k] = redact(v, depth + 1);
    }
    return { ...out };
  }
  return value;
}

function uniqueKey(taken: Record<string, unknown>, key: string): string {
  if (!Object.hasOwn(taken, key)) return key;
  let n = 2;
  while (Object.hasOwn(taken, `${key} ${n}`)) n++;
  return `${key} ${n}`;
}

/**
 * A body as kept: the parsed JSON redacted, or, when it is not JSON, or its redacted JSON is longer
 * than STORED_CHARS, the start of that text with `…[cut]`. Undefined for no body.
 */
export function storedBody(text: string | null | undefined): unknown {
  if (text === undefined || text === null || text === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    const plain = redact(text) as string;
    return plain.length > STORED_CHARS ? `${plain.slice(0, STORED_CHARS)}…[cut]` : plain;
  }
  const clean = redact(parsed);
  const json = JSON.stringify(clean);
  return json.length > STORED_CHARS ? `${json.slice(0, STORED_CHARS)}…[cut]` : clean;
}
