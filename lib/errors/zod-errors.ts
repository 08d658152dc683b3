import type { z } from 'zod';
import { ApiError, type FieldError } from './api-error';

/** `['shareholders', 2, 'email']` → `$.shareholders[2].email` (spec Errors: JSONPath of the field). */
export function jsonPath(path: readonly PropertyKey[]): string {
  let out = '$';
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : `.${String(part)}`;
  return out;
}

/** Maps a zod issue to the JSON Schema keyword a partner recognises. */
function validationType(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'required' : 'type';
    case 'too_big':
      return issue.origin === 'string' ? 'maxLength' : issue.origin === 'array' ? 'maxItems' : issue.origin === 'object' ? 'maxProperties' : 'maximum';
    case 'too_small':
      return issue.origin === 'string' ? 'minLength' : issue.origin === 'array' ? 'minItems' : 'minimum';
    case 'invalid_format':
      return issue.format === 'regex' ? 'pattern' : 'format';
    case 'invalid_value':
      return 'enum';
    case 'unrecognized_keys':
      return 'additionalProperties';
    case 'not_multiple_of':
      return 'multipleOf';
    case 'invalid_key':
      return 'propertyNames';
    case 'invalid_union':
      // A tagged union (`type` picks the shape): a missing tag is `required`, an unknown one `enum`.
      if (issue.discriminator) return discriminatorValue(issue) === undefined ? 'required' : 'enum';
      return 'anyOf';
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

function howToFix(issue: z.core.$ZodIssue): string | undefined {
  const custom = (issue as { params?: { how_to_fix?: string } }).params?.how_to_fix;
  if (custom) return custom;
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'Provide this field.' : `Send a value of type ${typeName(issue.expected)}.`;
    case 'invalid_value':
      return `Use one of: ${issue.values.map(String).join(', ')}.`;
    case 'too_big':
      return `Use at most ${String(issue.maximum)}${issue.origin === 'string' ? ' characters' : issue.origin === 'array' ? ' items' : issue.origin === 'object' ? ' properties' : ''}.`;
    case 'too_small':
      return `Use at least ${String(issue.minimum)}${issue.origin === 'string' ? ' characters' : issue.origin === 'array' ? ' items' : ''}.`;
    case 'invalid_format':
      return issue.format === 'regex' ? `Match the pattern ${(issue as { pattern?: string }).pattern}.` : `Send a valid ${issue.format}.`;
    case 'unrecognized_keys':
      return `Remove ${issue.keys.join(', ')}: not a field of this request.`;
    case 'not_multiple_of':
      return `Send a multiple of ${issue.divisor}.`;
    case 'invalid_key': {
      const inner = issue.issues.map(howToFix).find((fix) => fix !== undefined);
      return inner ? `Fix the key: ${inner.charAt(0).toLowerCase()}${inner.slice(1)}` : 'Use another key.';
    }
    case 'invalid_union': {
      const options = 'options' in issue ? issue.options : undefined;
      if (issue.discriminator && options?.length) return `Send ${issue.discriminator} as one of: ${options.map(String).join(', ')}.`;
      return 'Send a value of one of the accepted shapes.';
    }
    default:
      return undefined;
  }
}

export function fieldErrors(error: z.ZodError, prefix: readonly PropertyKey[] = []): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        out.push({ reason: `Unknown field '${key}'.`, location: jsonPath([...prefix, ...issue.path, key]), validation_type: 'additionalProperties', how_to_fix: `Remove '${key}': not a field of this request.` });
      }
      continue;
    }
    out.push({ reason: issue.message, location: jsonPath([...prefix, ...issue.path]), validation_type: validationType(issue), how_to_fix: howToFix(issue) });
  }
  return out;
}

/**
 * Parses with the schema or throws `invalid_request` carrying one `errors[]` entry per violation.
 * `reportInput` keeps the offending value on each issue: zod 4 drops it otherwise, and without it a
 * value of the wrong type (`"n": 1` where a string belongs) could not be told from a missing one.
 */
export function parseOrRefuse<S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  const errors = fieldErrors(result.error);
  throw new ApiError('invalid_request', `The ${what} is invalid: ${errors.map((e) => `${e.location} ${e.reason}`).join('; ')}`, errors);
}
