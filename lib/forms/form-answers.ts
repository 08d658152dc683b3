import { invalidRequest, MAX_LISTED_ERRORS, namingField, ruleTexts, type FieldError, type JsonSchema } from '../errors';
import { getFile } from '../store/entities/file';
import type { Scope } from '../scope';
import type { z } from 'zod';
import type { serviceOrderFormSchema } from '../resources/service-order';
import { exampleId, isId } from '../ids';
import { MAX_ANSWER_LENGTH, answerPattern } from './pattern-safety';

/** The spec's Form object: what a `form` requirement and a `requires_action` service order wait on. */
export type Form = z.infer<ReturnType<typeof serviceOrderFormSchema>>;
type FormField = Form['fields'][number];

/** What a form's `file` fields are checked against: the uploaded file, looked up by id. */
export type FileLookup = (fileId: string) => Promise<{ type: string; size: number } | undefined>;

const at = (key: string) => `$.answers.${key}`;
const fail = (key: string, reason: string, validation_type: string, how_to_fix: string): FieldError => ({
  reason,
  location: at(key),
  validation_type,
  how_to_fix,
});

/**
 * A field applies when it has no `conditional`, or when the field it depends on was answered with one
 * of the listed values (spec Form field `conditional: {field, values}`).
 */
export function fieldApplies(field: FormField, answers: Record<string, unknown>): boolean {
  if (!field.conditional) return true;
  const value = answers[field.conditional.field];
  return value !== undefined && field.conditional.values.includes(String(value));
}

/**
 * Checks answers against a form (spec Service order → Form object): unknown keys, `required`,
 * `options`, `validation` (`pattern`, `min_length`, `max_length`, `min`, `max`), `file`
 * (`accepted_types`, `max_size_bytes`) and `conditional`. Returns every violation, one per field,
 * each with its `validation_type`; empty when the answers are acceptable.
 */
export async function checkFormAnswers(form: Form, answers: Record<string, unknown>, lookupFile: FileLookup): Promise<FieldError[]> {
  return (await countedFormErrors(form, answers, lookupFile)).entries;
}

/**
 * checkFormAnswers that stops at the envelope's MAX_LISTED_ERRORS unknown keys and counts the rest
 * (`unlisted`), so 20,000 of them are one count rather than 20,000 worded fixes.
 */
async function countedFormErrors(
  form: Form,
  answers: Record<string, unknown>,
  lookupFile: FileLookup,
): Promise<{ entries: FieldError[]; unlisted: number }> {
  const errors: FieldError[] = [];
  let unlisted = 0;
  const byKey = new Map(form.fields.map((f) => [f.key, f]));
  for (const key of Object.keys(answers)) {
    if (byKey.has(key)) continue;
    if (errors.length >= MAX_LISTED_ERRORS) unlisted++;
    else
      errors.push(
        fail(
          key,
          'is not a field of this form',
          'additionalProperties',
          ruleTexts({
            validation_type: 'additionalProperties',
            path: ['answers', key],
            place: 'body',
            known: form.fields.map((f) => f.key),
          }).how_to_fix,
        ),
      );
  }
  for (const field of form.fields) {
    const value = answers[field.key];
    const applies = fieldApplies(field, answers);
    if (!applies) {
      if (value !== undefined) {
        const c = field.conditional!;
        errors.push(
          fail(
            field.key,
            `applies only when ${c.field} is ${c.values.join(' or ')}`,
            'conditional',
            `Remove ${field.key}, or answer ${c.field} with one of ${c.values.join(', ')}, such as "${c.field}": "${c.values[0]}".`,
          ),
        );
      }
      continue;
    }
    if (value === undefined || value === null || value === '') {
      if (field.required) errors.push(fail(field.key, 'is required', 'required', fixOf(field, 'required', value)));
      continue;
    }
    const error = field.file ? await checkFile(field, value, lookupFile) : checkValue(field, value);
    if (error) errors.push(error);
  }
  return { entries: errors, unlisted };
}

/** The field's rule as JSON Schema, so its refusals are worded like every other (lib/errors/rule-texts.ts). */
function schemaOf(field: FormField): JsonSchema {
  const v = field.validation ?? {};
  if (isNumeric(field)) return { type: 'number', minimum: v.min ?? undefined, maximum: v.max ?? undefined };
  if (isBoolean(field)) return { type: 'boolean' };
  return {
    type: 'string',
    enum: field.options?.length ? field.options : undefined,
    minLength: v.min_length ?? undefined,
    maxLength: Math.min(v.max_length ?? MAX_ANSWER_LENGTH, MAX_ANSWER_LENGTH),
    pattern: v.pattern ?? undefined,
  };
}

const isNumeric = (field: FormField) =>
  field.field_type === 'number' || field.validation?.min !== undefined || field.validation?.max !== undefined;
const isBoolean = (field: FormField) => field.field_type === 'checkbox' || field.field_type === 'boolean';

/** The fix for a refused answer: what the field accepts and, when its placeholder is a valid answer, that as the example. */
function fixOf(field: FormField, validation_type: string, value: unknown, limit?: number): string {
  const node = schemaOf(field);
  const placeholder = field.placeholder !== undefined && isNumeric(field) ? Number(field.placeholder) : field.placeholder;
  if (placeholder !== undefined && !(typeof placeholder === 'number' && Number.isNaN(placeholder)) && !problemOf(field, placeholder))
    node.examples = [placeholder];
  return ruleTexts({
    validation_type,
    path: ['answers', field.key],
    place: 'body',
    node,
    input: value,
    limit,
    expected: node.type as string,
  }).how_to_fix;
}

function checkValue(field: FormField, value: unknown): FieldError | undefined {
  const problem = problemOf(field, value);
  if (!problem) return undefined;
  const how = problem.type === 'pattern' && field.help ? `${field.help}` : fixOf(field, problem.type, value, problem.limit);
  return fail(field.key, problem.reason, problem.type, namingField(at(field.key), how));
}

/** What is wrong with an answer to a field, or undefined. */
function problemOf(field: FormField, value: unknown): { reason: string; type: string; limit?: number } | undefined {
  const v = field.validation ?? {};
  if (isNumeric(field)) {
    if (typeof value !== 'number' || !Number.isFinite(value)) return { reason: 'is not a number', type: 'type' };
    if (v.min !== undefined && value < v.min) return { reason: `is below ${v.min}`, type: 'minimum', limit: v.min };
    if (v.max !== undefined && value > v.max) return { reason: `is above ${v.max}`, type: 'maximum', limit: v.max };
    return undefined;
  }
  if (isBoolean(field)) return typeof value === 'boolean' ? undefined : { reason: 'is not true or false', type: 'type' };
  if (typeof value !== 'string') return { reason: 'is not text', type: 'type' };
  if (field.options?.length && !field.options.includes(value)) return { reason: 'is not one of the options', type: 'enum' };
  if (v.min_length !== undefined && value.length < v.min_length)
    return { reason: `is shorter than ${v.min_length} characters`, type: 'minLength', limit: v.min_length };
  const maxLength = Math.min(v.max_length ?? MAX_ANSWER_LENGTH, MAX_ANSWER_LENGTH);
  if (value.length > maxLength) return { reason: `is longer than ${maxLength} characters`, type: 'maxLength', limit: maxLength };
  // On RE2, in one pass (lib/forms/pattern-safety.ts). A pattern it cannot run (kept before forms were
  // checked on the way in) checks nothing, rather than failing the answer.
  const pattern = v.pattern === undefined ? undefined : answerPattern(v.pattern);
  if (pattern && !pattern.matches(value)) return { reason: `does not match ${v.pattern}`, type: 'pattern' };
  return undefined;
}

async function checkFile(field: FormField, value: unknown, lookupFile: FileLookup): Promise<FieldError | undefined> {
  const rule = field.file!;
  if (typeof value !== 'string' || !isId('file', value)) {
    return fail(
      field.key,
      'is not a file id',
      'type',
      `Upload the file with POST /v1/files and send its id, such as "${field.key}": "${exampleId('file')}".`,
    );
  }
  const file = await lookupFile(value);
  if (!file)
    return fail(
      field.key,
      `names no file of this company: '${value}'`,
      'exists',
      `Upload the file with POST /v1/files for this company and send the id it returns, such as "${field.key}": "${exampleId('file')}".`,
    );
  if (!rule.accepted_types.includes(file.type))
    return fail(
      field.key,
      `is a ${file.type} file`,
      'fileType',
      `Upload a file of one of the types ${rule.accepted_types.join(', ')} for ${field.key}, such as a ${rule.accepted_types[0]} file, and send its id.`,
    );
  if (file.size > rule.max_size_bytes)
    return fail(
      field.key,
      `is ${file.size} bytes`,
      'fileSize',
      `Upload a file of at most ${rule.max_size_bytes} bytes for ${field.key}, such as a scan at a lower resolution, and send its id.`,
    );
  return undefined;
}

/**
 * The one gate for answers to a form, whichever route brings them (POST /requirements/{id}/fulfill or
 * POST /service-orders/{id}/form): every violation in one `invalid_request`, nothing written. A `file`
 * answer must name an unpublished file of the same company.
 */
export async function refuseInvalidAnswers(scope: Scope, companyId: string, form: Form, answers: Record<string, unknown>): Promise<void> {
  const { entries, unlisted } = await countedFormErrors(form, answers, async (fileId) => {
    const file = await getFile(scope, fileId);
    return file && file.company === companyId && !file.published ? file : undefined;
  });
  if (entries.length) throw invalidRequest('The answers are invalid', entries, unlisted);
}
