import { closest, counted, isNear, withArticle } from './wording';

/**
 * The one place that words a refused field (docs/decisions.md, "Errors that say how to fix"): from
 * the rule that failed and the field's JSON Schema (the schema the request is validated with, as the
 * OpenAPI document shows it), it builds the `reason` (what is wrong, naming the rule) and the
 * `how_to_fix` (the field, the rule and a concrete valid value, never a restatement of the problem).
 * Examples come from the schema (`.meta({ examples })`), else from the rule itself (the closest
 * allowed value, a value inside the bounds, a well-known address or date).
 */

/** A JSON Schema node, as `z.toJSONSchema` writes it. */
export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  maxProperties?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  required?: string[];
  propertyNames?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  examples?: unknown[];
  default?: unknown;
  description?: string;
};

/** Where a field travels, which decides how an example is written: `"name": "Acme"`, `limit=25`, `cmp_…`. */
export type FieldPlace = 'body' | 'query' | 'path';

/** A failed rule of one field, in the terms of JSON Schema. */
export interface FailedRule {
  /** The JSON Schema keyword that failed: `required`, `type`, `enum`, `maxLength`, `maximum`, … */
  validation_type: string;
  /** The path of the field (`['shareholders', 0, 'email']`). */
  path: readonly PropertyKey[];
  place: FieldPlace;
  /** The field's schema, when known. */
  node?: JsonSchema;
  /** The value sent (undefined when missing). */
  input?: unknown;
  /** The bound that failed (`maxLength`: 255), when the rule has one. */
  limit?: number;
  /** For `minimum`/`maximum`: whether the bound itself is allowed. */
  inclusive?: boolean;
  /** For `type`: the expected type (`string`, `integer`, …). */
  expected?: string;
  /** For `enum`: the allowed values. */
  values?: readonly unknown[];
  /** For `format`: the format (`email`, `date`, `date-time`, …). */
  format?: string;
  /** For `additionalProperties`: the fields the object accepts. */
  known?: readonly string[];
  /** For `additionalProperties`: a valid object, when its schema gives one (`examples`). */
  example?: unknown;
}

const MAX_ENUM_LISTED = 8;
/** Bounds at or beyond this are technical (the largest exact integer), not worth naming. */
const HUGE = 2 ** 53 - 1;

const FORMAT_EXAMPLES: Record<string, { what: string; example: string }> = {
  email: { what: 'an e-mail address', example: 'ada@example.com' },
  date: { what: 'a calendar date as YYYY-MM-DD', example: '2026-01-15' },
  'date-time': { what: 'an RFC 3339 date-time', example: '2026-11-01T09:30:00Z' },
  uri: { what: 'an absolute URL', example: 'https://example.com/webhooks' },
  url: { what: 'an absolute URL', example: 'https://example.com/webhooks' },
  uuid: { what: 'a UUID', example: '0f8fad5b-d9cb-469f-a165-70867728950e' },
  ipv4: { what: 'an IPv4 address', example: '203.0.113.7' },
};

/**
 * A hand-written fix that does not name its field gets the field in front (`phone: Send the number in
 * E.164 form…`), so every fix says which field it is about even when read apart from `location`.
 */
export function namingField(location: string, fix: string): string {
  const names = location
    .replace(/^\$\.?/, '')
    .split(/[.[\]]/)
    .filter((p) => p && !/^\d+$/.test(p));
  if (!names.length || names.slice(-2).some((n) => fix.includes(n))) return fix;
  return `${location.replace(/^\$\.?/, '')}: ${fix}`;
}

/** The field as a partner writes it: `name`, `shareholders[0].email`, `type[in]`. */
export function fieldName(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : out ? `.${String(part)}` : String(part);
  return out || 'the body';
}

const lastKey = (path: readonly PropertyKey[]): string | undefined => {
  const last = path[path.length - 1];
  return typeof last === 'string' ? last : undefined;
};

const typeOf = (node: JsonSchema | undefined): string | undefined => {
  const t = node?.type;
  return Array.isArray(t) ? t.find((x) => x !== 'null') : t;
};

/** A valid value for the field, from its schema: an example, the closest allowed value, or one inside its bounds. */
export function exampleOf(node: JsonSchema | undefined, input?: unknown, depth = 0): unknown {
  if (!node || depth > 4) return undefined;
  if (node.enum?.length) {
    const values = node.enum.map(String);
    if (typeof input === 'string' && input.length) return node.enum[values.indexOf(closest(input, values))];
    return node.examples?.[0] ?? node.default ?? node.enum[0];
  }
  if (node.const !== undefined) return node.const;
  if (node.examples?.length) return node.examples[0];
  if (node.default !== undefined) return node.default;
  const branches = node.anyOf ?? node.oneOf;
  if (branches) {
    for (const b of branches) {
      const e = exampleOf(b, input, depth + 1);
      if (e !== undefined) return e;
    }
    return undefined;
  }
  switch (typeOf(node)) {
    case 'boolean':
      return true;
    case 'integer':
    case 'number': {
      const low = node.minimum ?? (node.exclusiveMinimum !== undefined ? node.exclusiveMinimum + 1 : undefined);
      const high = node.maximum ?? (node.exclusiveMaximum !== undefined ? node.exclusiveMaximum - 1 : undefined);
      if (low !== undefined && high !== undefined && high < HUGE) return Math.max(low, Math.min(high, Math.round((low + high) / 2)));
      if (low !== undefined) return Math.max(low, 1);
      if (high !== undefined) return Math.min(high, 1);
      return 1;
    }
    case 'string':
      return node.format ? FORMAT_EXAMPLES[node.format]?.example : undefined;
    case 'array': {
      const item = exampleOf(node.items, undefined, depth + 1);
      return item === undefined ? undefined : [item];
    }
    case 'object': {
      if (!node.required?.length && typeof node.additionalProperties === 'object') {
        const value = exampleOf(node.additionalProperties, undefined, depth + 1);
        return value === undefined ? undefined : { [(node.propertyNames?.examples?.[0] as string) ?? 'key']: value };
      }
      const out: Record<string, unknown> = {};
      for (const key of node.required ?? []) {
        const value = exampleOf(node.properties?.[key], undefined, depth + 1);
        if (value === undefined) return undefined;
        out[key] = value;
      }
      return Object.keys(out).length ? out : undefined;
    }
    default:
      return undefined;
  }
}

/** The example as the partner would send it: `"state": "DE"` in a body, `limit=25` in a query string. */
export function exampleText(path: readonly PropertyKey[], value: unknown, place: FieldPlace): string {
  const key = lastKey(path);
  if (place === 'query') return `${key ?? fieldName(path)}=${Array.isArray(value) ? value.join(',') : String(value)}`;
  if (place === 'path') return String(value);
  const json = JSON.stringify(value);
  return key === undefined ? json : `"${key}": ${json}`;
}

const range = (low: number | undefined, high: number | undefined, unit: (n: number) => string): string => {
  if (high !== undefined && high >= HUGE) high = undefined;
  if (low !== undefined && high !== undefined) return low === high ? `exactly ${unit(low)}` : `${low} to ${unit(high)}`;
  if (high !== undefined) return `at most ${unit(high)}`;
  if (low !== undefined) return `at least ${unit(low)}`;
  return '';
};

const chars = (n: number) => counted(n, 'character');

function enumPhrase(values: readonly unknown[]): string {
  const shown = values.map(String);
  if (shown.length === 1) return `exactly ${shown[0]}`;
  if (shown.length <= MAX_ENUM_LISTED) return `one of ${shown.join(', ')}`;
  return `one of ${shown.length} values (${shown.slice(0, 4).join(', ')}, … ${shown[shown.length - 1]}; all listed in the API reference)`;
}

/** What the field accepts, in words: `one of llc, c_corp`, `an integer from 1 to 100`, `a string of 1 to 255 characters`. */
export function rulePhrase(node: JsonSchema | undefined, expected?: string): string {
  if (node?.enum?.length) return enumPhrase(node.enum);
  if (node?.const !== undefined) return `exactly ${JSON.stringify(node.const)}`;
  const type = typeOf(node) ?? expected;
  switch (type) {
    case 'string': {
      const format = node?.format ? FORMAT_EXAMPLES[node.format]?.what : undefined;
      const length = range(node?.minLength, node?.maxLength, chars);
      // A known format says it in words; the regex zod writes for it (a date-time's is 300 characters) says nothing more.
      const pattern = node?.pattern && !format ? ` matching ${node.pattern}` : '';
      return `${format ?? `a string${length ? ` of ${length}` : ''}`}${pattern}`;
    }
    case 'integer':
    case 'int':
    case 'number': {
      const noun = type === 'number' ? 'a number' : 'an integer';
      const low = node?.minimum ?? node?.exclusiveMinimum;
      const high = node?.maximum ?? node?.exclusiveMaximum;
      if (node?.exclusiveMinimum !== undefined && high !== undefined && high < HUGE)
        return `${noun} greater than ${low} and at most ${high}`;
      if (node?.exclusiveMinimum !== undefined) return `${noun} greater than ${low}`;
      if (low !== undefined && high !== undefined && high < HUGE) return `${noun} from ${low} to ${high}`;
      if (low !== undefined) return `${noun} of ${low} or more`;
      if (high !== undefined && high < HUGE) return `${noun} of ${high} or less`;
      return noun;
    }
    case 'boolean':
      return 'true or false';
    case 'array': {
      const r = range(node?.minItems, node?.maxItems, (n) => counted(n, 'item'));
      return `a list${r ? ` of ${r}` : ''}`;
    }
    case 'object':
      return 'an object';
    case 'null':
      return 'null';
    default:
      return type ? withArticle(type) : 'a value of the documented shape';
  }
}

/** The type alone, for a reason: `an integer`, `a string`, `a list`. */
function typeNoun(node: JsonSchema | undefined, expected?: string): string {
  if (node?.enum?.length) return node.enum.every((v) => typeof v === 'string') ? 'a string' : 'one of the listed values';
  const type = typeOf(node) ?? expected;
  const nouns: Record<string, string> = {
    string: 'a string',
    integer: 'an integer',
    int: 'an integer',
    number: 'a number',
    boolean: 'true or false',
    array: 'a list',
    object: 'an object',
  };
  return (type && nouns[type]) ?? (type ? withArticle(type) : 'a value of another type');
}

/** The kind of a sent value, for "must be an integer, not a string". */
function kindOf(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'a list';
  if (typeof input === 'number') return String(input);
  if (typeof input === 'string') return 'a string';
  if (typeof input === 'boolean') return String(input);
  return typeof input === 'object' ? 'an object' : typeof input;
}

const suchAs = (rule: FailedRule, input?: unknown): string => {
  const value = exampleOf(rule.node, input) ?? emptyBodyExample(rule);
  return value === undefined ? '' : `, such as ${exampleText(rule.path, value, rule.place)}`;
};

/** A whole body with nothing required is shown as `{}`, as malformed JSON shows it (`exampleBody`). */
const emptyBodyExample = (rule: FailedRule): Record<string, never> | undefined =>
  rule.place === 'body' && rule.path.length === 0 && rule.node && typeOf(rule.node) === 'object' && !rule.node.required?.length
    ? {}
    : undefined;

/**
 * The `reason` and `how_to_fix` of one failed rule. Each fix names the field and what it accepts and,
 * wherever the schema lets one be found, a valid value written as it is sent.
 */
export function ruleTexts(rule: FailedRule): { reason: string; how_to_fix: string } {
  const field = fieldName(rule.path);
  const node = rule.node;
  const input = rule.input;
  switch (rule.validation_type) {
    case 'required':
      return { reason: 'is required', how_to_fix: `Send ${field}: ${rulePhrase(node, rule.expected)}${suchAs(rule)}.` };
    case 'type': {
      if (rule.place === 'query' && Array.isArray(input)) {
        const key = lastKey(rule.path) ?? field;
        const listForm = `${key.replace(/\[eq\]$/, '')}[in]`;
        const several = rule.known?.includes(listForm) ? `; to match several values use ${listForm} with a comma-separated list` : '';
        return { reason: `is given ${input.length} times`, how_to_fix: `Send ${key} once${suchAs(rule)}${several}.` };
      }
      const reason =
        typeof input === 'number' && Number.isNaN(input)
          ? 'is not a number'
          : `must be ${typeNoun(node, rule.expected)}, not ${kindOf(input)}`;
      return { reason, how_to_fix: `Send ${field} as ${rulePhrase(node, rule.expected)}${suchAs(rule)}.` };
    }
    case 'enum':
    case 'const': {
      const values = rule.values ?? node?.enum ?? [];
      const got = typeof input === 'string' ? `'${input}'` : kindOf(input);
      const example = values.length
        ? values[values.map(String).indexOf(typeof input === 'string' ? closest(input, values.map(String)) : String(values[0]))]
        : undefined;
      const near = typeof input === 'string' && example !== undefined && isNear(input, String(example));
      return {
        reason: `${got} is not ${values.length === 1 ? `the accepted value ${String(values[0])}` : `one of the ${values.length} accepted values`}`,
        how_to_fix: `Send ${field} as ${enumPhrase(values)}${example === undefined ? '' : `, such as ${exampleText(rule.path, example, rule.place)}${near ? ' (the closest to what was sent)' : ''}`}.`,
      };
    }
    case 'minLength':
    case 'maxLength': {
      const length = typeof input === 'string' ? input.length : undefined;
      const bound = rule.limit ?? (rule.validation_type === 'minLength' ? node?.minLength : node?.maxLength) ?? 0;
      const reason =
        rule.validation_type === 'minLength'
          ? length === 0
            ? `is empty; at least ${chars(bound)} required`
            : `has ${length ?? '?'} characters; at least ${bound} required`
          : `has ${length ?? 'too many'} characters; at most ${bound} allowed`;
      return { reason, how_to_fix: `Send ${field} as ${rulePhrase(node, 'string')}${suchAs(rule)}.` };
    }
    case 'minimum':
    case 'maximum': {
      const bound = rule.limit;
      const word =
        rule.validation_type === 'minimum'
          ? rule.inclusive === false
            ? 'greater than'
            : 'at least'
          : rule.inclusive === false
            ? 'less than'
            : 'at most';
      return {
        reason: `is ${typeof input === 'number' || typeof input === 'string' ? String(input) : 'out of range'}; it must be ${word} ${bound ?? '?'}`,
        how_to_fix: `Send ${field} as ${rulePhrase(node, 'number')}${suchAs(rule)}.`,
      };
    }
    case 'minItems':
    case 'maxItems': {
      const n = Array.isArray(input) ? input.length : undefined;
      const bound = rule.limit ?? 0;
      if (rule.validation_type === 'maxItems') {
        return {
          reason: `has ${n ?? 'too many'} items; at most ${bound} allowed`,
          how_to_fix: `Send at most ${counted(bound, 'item')} in ${field}${n !== undefined ? ` (remove ${n - bound})` : ''}${node?.items ? `, each ${rulePhrase(node.items)}` : ''}.`,
        };
      }
      return {
        reason: `has ${n ?? 'too few'} items; at least ${bound} required`,
        how_to_fix: `Send at least ${counted(bound, 'item')} in ${field}${suchAs(rule)}.`,
      };
    }
    case 'maxProperties':
      return {
        reason: `has more than ${rule.limit ?? '?'} properties`,
        how_to_fix: `Send at most ${rule.limit ?? '?'} properties in ${field}, such as ${exampleText(rule.path, { note: 'value' }, rule.place)}.`,
      };
    case 'format': {
      const f = rule.format ? FORMAT_EXAMPLES[rule.format] : undefined;
      const example = f?.example ?? exampleOf(node);
      return {
        reason: `is not ${f?.what ?? withArticle(rule.format ?? 'value of the right format')}`,
        how_to_fix: `Send ${field} as ${f?.what ?? rulePhrase(node)}${example === undefined ? '' : `, such as ${exampleText(rule.path, example, rule.place)}`}.`,
      };
    }
    case 'pattern':
      return {
        reason: `does not match ${node?.pattern ?? 'the required pattern'}`,
        how_to_fix: `Send ${field} as ${rulePhrase(node, 'string')}${suchAs(rule)}.`,
      };
    case 'multipleOf':
      return {
        reason: `is not a multiple of ${rule.limit}`,
        how_to_fix: `Send ${field} as a multiple of ${rule.limit}, such as ${exampleText(rule.path, (rule.limit ?? 1) * 2, rule.place)}.`,
      };
    case 'additionalProperties': {
      const key = lastKey(rule.path) ?? field;
      const known = rule.known ?? [];
      const near = known.length ? closest(key, known) : undefined;
      const hint =
        near && isNear(key, near)
          ? ` Did you mean '${near}'?`
          : known.length && known.length <= 30
            ? ` The accepted fields here are: ${known.join(', ')}.`
            : '';
      const valid = rule.example === undefined ? '' : ` Such as ${JSON.stringify(rule.example)}.`;
      return {
        reason: `is not ${rule.place === 'query' ? 'a parameter' : 'a field'} of this request`,
        how_to_fix: `Remove '${key}'.${hint}${valid}`,
      };
    }
    default:
      return { reason: 'is not valid here', how_to_fix: `Send ${field} as ${rulePhrase(node, rule.expected)}${suchAs(rule)}.` };
  }
}
