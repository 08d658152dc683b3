import * as z from 'zod';
import { type FieldError, invalidRequest, MAX_LISTED_ERRORS } from './api-error';
import { exampleOf, fieldName, namingField, rulePhrase, ruleTexts, type FailedRule, type FieldPlace, type JsonSchema } from './rule-texts';

/** A key dot notation carries as it is: our field and parameter names (`created_at[gte]`, `expand[]` included). */
const DOT_SAFE = /^[^\s.'"\\\p{Cc}]+$/u;

/**
 * `['shareholders', 2, 'email']` → `$.shareholders[2].email` (spec Errors: JSONPath of the field). A
 * caller's key that dot notation cannot carry (empty, or with a dot, space, quote or control character:
 * a metadata key) is written in bracket notation, `$.metadata['']`, so the location still names it.
 */
export function jsonPath(path: readonly PropertyKey[]): string {
  let out = '$';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else if (DOT_SAFE.test(String(part))) out += `.${String(part)}`;
    else out += `['${String(part).replace(/\\/g, '\\\\').replace(/'/g, "\\'")}']`;
  }
  return out;
}

type Root = { schema: JsonSchema; defs: Record<string, JsonSchema> };
const roots = new WeakMap<z.ZodType, Root | null>();

/**
 * The request schema as JSON Schema (the form the OpenAPI document shows partners), once per schema:
 * the wording of a refusal reads each field's rule and examples from it.
 */
function rootOf(schema: z.ZodType | undefined): Root | undefined {
  if (!schema) return undefined;
  if (!roots.has(schema)) {
    try {
      const json = z.toJSONSchema(schema, {
        target: 'draft-2020-12',
        io: 'input',
        unrepresentable: 'any',
        cycles: 'ref',
        reused: 'inline',
      }) as JsonSchema & { $defs?: Record<string, JsonSchema> };
      const defs = json.$defs ?? {};
      roots.set(schema, { schema: inlined(json, defs, 0) as JsonSchema, defs });
    } catch {
      roots.set(schema, null);
    }
  }
  return roots.get(schema) ?? undefined;
}

/** The schema with its `$ref`s replaced by what they name, a few levels deep (recursive shapes stop there). */
function inlined(value: unknown, defs: Record<string, JsonSchema>, depth: number): unknown {
  if (Array.isArray(value)) return value.map((v) => inlined(v, defs, depth));
  if (!value || typeof value !== 'object') return value;
  const ref = (value as { $ref?: string }).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/$defs/'))
    return depth > 6 ? {} : inlined(defs[ref.slice('#/$defs/'.length)], defs, depth + 1);
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => k !== '$defs')
      .map(([k, v]) => [k, inlined(v, defs, depth)]),
  );
}

function resolve(node: JsonSchema | undefined, root: Root): JsonSchema | undefined {
  let n = node as (JsonSchema & { $ref?: string; allOf?: JsonSchema[] }) | undefined;
  for (let i = 0; n?.$ref && i < 10; i++) n = root.defs[n.$ref.replace('#/$defs/', '')] as typeof n;
  if (n?.allOf?.length === 1 && Object.keys(n).length === 1) return resolve(n.allOf[0], root);
  return n;
}

/**
 * A valid body for `schema`, as its refusals show one: the required fields with their examples, or `{}`
 * where nothing is required. Undefined where no example can be found.
 */
export function exampleBody(schema: z.ZodType | undefined): unknown {
  const root = rootOf(schema);
  if (!root) return undefined;
  const node = resolve(root.schema, root);
  return exampleOf(node) ?? (node?.type === 'object' && !node.required?.length ? {} : undefined);
}

/** The schema of the field at `path`, following properties, list items, maps and `anyOf` branches. */
function nodeAt(root: Root | undefined, path: readonly PropertyKey[]): JsonSchema | undefined {
  if (!root) return undefined;
  let node = resolve(root.schema, root);
  for (const part of path) {
    node = childOf(node, part, root);
    if (!node) return undefined;
  }
  return node;
}

function childOf(node: JsonSchema | undefined, part: PropertyKey, root: Root): JsonSchema | undefined {
  if (!node) return undefined;
  const branches = node.anyOf ?? node.oneOf;
  if (branches) {
    for (const b of branches) {
      const child = childOf(resolve(b, root), part, root);
      if (child) return child;
    }
    return undefined;
  }
  if (typeof part === 'number') return resolve(node.items, root);
  const prop = node.properties?.[String(part)];
  if (prop) return resolve(prop, root);
  return typeof node.additionalProperties === 'object' ? resolve(node.additionalProperties, root) : undefined;
}

/** Maps a zod issue to the JSON Schema keyword a partner recognises. A missing value is always `required`. */
function validationType(issue: z.core.$ZodIssue): string {
  // zod reports the value only when asked (`reportInput`, as parseOrRefuse does); without it, its
  // default message still says "received undefined" for a missing field.
  const missing =
    'input' in issue ? issue.input === undefined : issue.code === 'invalid_type' && / received undefined$/.test(issue.message);
  switch (issue.code) {
    case 'invalid_type':
      return missing ? 'required' : 'type';
    case 'too_big':
      return issue.origin === 'string'
        ? 'maxLength'
        : issue.origin === 'array' || issue.origin === 'set'
          ? 'maxItems'
          : issue.origin === 'object'
            ? 'maxProperties'
            : 'maximum';
    case 'too_small':
      return issue.origin === 'string'
        ? 'minLength'
        : issue.origin === 'array' || issue.origin === 'set'
          ? 'minItems'
          : issue.origin === 'object'
            ? 'minProperties'
            : 'minimum';
    case 'invalid_format':
      return issue.format === 'regex' ? 'pattern' : 'format';
    case 'invalid_value':
      return missing ? 'required' : 'enum';
    case 'unrecognized_keys':
      return 'additionalProperties';
    case 'not_multiple_of':
      return 'multipleOf';
    case 'invalid_key':
      return 'propertyNames';
    case 'invalid_union':
      // A tagged union (`type` picks the shape): a missing tag is `required`, an unknown one `enum`.
      if (issue.discriminator) return discriminatorValue(issue) === undefined ? 'required' : 'enum';
      return missing ? 'required' : 'anyOf';
    default:
      return (issue as { params?: { validation_type?: string } }).params?.validation_type ?? 'custom';
  }
}

function discriminatorValue(issue: z.core.$ZodIssueInvalidUnion): unknown {
  const input = issue.input;
  return input && typeof input === 'object' && issue.discriminator ? (input as Record<string, unknown>)[issue.discriminator] : undefined;
}

/** zod names JSON Schema's `integer` type `int`. */
const typeName = (expected: string): string => (expected === 'int' ? 'integer' : expected);

function failedRule(issue: z.core.$ZodIssue, path: readonly PropertyKey[], root: Root | undefined, place: FieldPlace): FailedRule {
  let node = nodeAt(root, path);
  const rule: FailedRule = { validation_type: validationType(issue), path, place, node, input: 'input' in issue ? issue.input : undefined };
  switch (issue.code) {
    case 'invalid_type':
      rule.expected = typeName(issue.expected);
      break;
    case 'too_big':
    case 'too_small':
      rule.limit = Number(issue.code === 'too_big' ? issue.maximum : issue.minimum);
      rule.inclusive = issue.inclusive !== false;
      break;
    case 'invalid_value':
      rule.values = issue.values;
      break;
    case 'invalid_format':
      rule.format = issue.format;
      if (issue.format === 'regex' && issue.pattern && !node?.pattern)
        node = rule.node = { ...node, type: 'string', pattern: issue.pattern };
      break;
    case 'not_multiple_of':
      rule.limit = Number(issue.divisor);
      break;
    case 'invalid_union':
      // zod puts a tagged union's issue at the tag itself (`$.type`), listing the tags it knows.
      if (issue.discriminator) {
        const options = (issue as { options?: unknown[] }).options;
        if (options?.length) rule.node = { type: 'string', enum: [...options] };
        rule.values = options;
        rule.input = discriminatorValue(issue);
      }
      break;
  }
  // A query parameter sent twice reaches zod as a list, whatever its own type; the fix may point at
  // a `[in]` form only where the listing has one (GET /events does, `limit` or `status` do not).
  if (place === 'query' && Array.isArray(rule.input) && (issue.code === 'invalid_type' || issue.code === 'invalid_value')) {
    rule.validation_type = 'type';
    rule.known = Object.keys(nodeAt(root, path.slice(0, -1))?.properties ?? {});
  }
  return rule;
}

function entryOf(issue: z.core.$ZodIssue, prefix: readonly PropertyKey[], root: Root | undefined, place: FieldPlace): FieldError {
  const path = [...prefix, ...issue.path];
  const params = (issue as { params?: { validation_type?: string; how_to_fix?: string } }).params;
  const rule = failedRule(issue, path, root, place);
  const built = issue.code === 'custom' && params?.how_to_fix ? undefined : ruleTexts(rule);
  // A rule's own words (a schema's message, a refinement's `how_to_fix`) win over the generic ones;
  // zod's default messages ("Invalid input: …") never reach a partner.
  const reason = issue.code === 'custom' || hasOwnMessage(issue) ? issue.message : built!.reason;
  const location = jsonPath(rule.path);
  return {
    reason,
    location,
    validation_type: rule.validation_type,
    how_to_fix: params?.how_to_fix ? namingField(location, params.how_to_fix) : (built ?? ruleTexts(rule)).how_to_fix,
  };
}

/** Whether the schema gave this issue its own message, rather than zod's English default. */
function hasOwnMessage(issue: z.core.$ZodIssue): boolean {
  return !/^(Invalid|Too (big|small)|Unrecognized key|Expected|Number must|String must)/.test(issue.message);
}

/**
 * One `errors[]` entry per violation. `schema` (the schema that refused) lets each entry's wording
 * name what the field accepts and show a valid value; `place` decides how that value is written.
 */
export function fieldErrors(
  error: z.ZodError,
  prefix: readonly PropertyKey[] = [],
  schema?: z.ZodType,
  place: FieldPlace = 'body',
): FieldError[] {
  return countedFieldErrors(error, prefix, schema, place).entries;
}

/**
 * fieldErrors that stops building entries at the envelope's MAX_LISTED_ERRORS and counts the rest
 * (`unlisted`): 20,000 unknown keys cost one count, not 20,000 worded fixes.
 */
export function countedFieldErrors(
  error: z.ZodError,
  prefix: readonly PropertyKey[] = [],
  schema?: z.ZodType,
  place: FieldPlace = 'body',
): { entries: FieldError[]; unlisted: number } {
  const root = rootOf(schema);
  const out: FieldError[] = [];
  let unlisted = 0;
  const tighter = tighterBounds(error.issues);
  for (const issue of error.issues) {
    if (isLooserSafeIntegerBound(issue, tighter)) continue;
    if (out.length >= MAX_LISTED_ERRORS) {
      unlisted += issue.code === 'unrecognized_keys' ? issue.keys.length : 1;
      continue;
    }
    if (issue.code === 'unrecognized_keys') {
      const parent = nodeAt(root, [...prefix, ...issue.path]);
      const known = Object.keys(parent?.properties ?? {});
      const room = MAX_LISTED_ERRORS - out.length;
      for (const key of issue.keys.slice(0, room)) {
        const path = [...prefix, ...issue.path, key];
        const texts = ruleTexts({ validation_type: 'additionalProperties', path, place, known, example: parent?.examples?.[0] });
        out.push({ reason: texts.reason, location: jsonPath(path), validation_type: 'additionalProperties', how_to_fix: texts.how_to_fix });
      }
      unlisted += Math.max(0, issue.keys.length - room);
      continue;
    }
    if (issue.code === 'invalid_key' && issue.issues[0]) {
      // A bad key of a map: the key's own rule (its `propertyNames`), reported at the key's path.
      const path = [...prefix, ...issue.path];
      const keyRule = nodeAt(root, path.slice(0, -1))?.propertyNames;
      const inner = failedRule({ ...issue.issues[0], path: [] } as z.core.$ZodIssue, [], undefined, place);
      const map = fieldName(path.slice(0, -1));
      const texts = ruleTexts({ ...inner, node: keyRule ?? inner.node, path: ['key'] });
      out.push({
        reason: `the key ${texts.reason}`,
        location: jsonPath(path),
        validation_type: 'propertyNames',
        how_to_fix: `Name each key of ${map} with ${rulePhrase(keyRule, 'string')}, such as "note".`,
      });
      continue;
    }
    out.push(entryOf(issue, prefix, root, place));
  }
  return { entries: out, unlisted };
}

/**
 * zod's `.int()` bounds an integer to the safe range on top of the schema's own bounds, so
 * `limit=99999999999999999999` failed twice at one place ("at most 9007199254740991", "at most 100").
 * The partner is told the schema's own, tighter bound once.
 */
const SAFE_BOUNDS = new Set<unknown>([Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]);

function boundOf(issue: z.core.$ZodIssue): unknown {
  return issue.code === 'too_big' ? issue.maximum : issue.code === 'too_small' ? issue.minimum : undefined;
}

function tighterBounds(issues: readonly z.core.$ZodIssue[]): Set<string> {
  const places = new Set<string>();
  for (const issue of issues) {
    const bound = boundOf(issue);
    if (bound !== undefined && !SAFE_BOUNDS.has(Number(bound))) places.add(`${issue.code} ${jsonPath(issue.path)}`);
  }
  return places;
}

function isLooserSafeIntegerBound(issue: z.core.$ZodIssue, tighter: Set<string>): boolean {
  const bound = boundOf(issue);
  return bound !== undefined && SAFE_BOUNDS.has(Number(bound)) && tighter.has(`${issue.code} ${jsonPath(issue.path)}`);
}

const PLACES: Record<string, FieldPlace> = { 'query string': 'query', path: 'path' };

/**
 * Parses with the schema or throws `invalid_request` carrying one `errors[]` entry per violation.
 * `reportInput` keeps the offending value on each issue: zod 4 drops it otherwise, and without it a
 * value of the wrong type (`"n": 1` where a string belongs) could not be told from a missing one.
 */
export function parseOrRefuse<S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  const { entries, unlisted } = countedFieldErrors(result.error, [], schema, PLACES[what] ?? 'body');
  throw invalidRequest(`The ${what} is invalid`, entries, unlisted);
}
