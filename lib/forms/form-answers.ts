import { ApiError, type FieldError } from '../errors';
import { getFile } from '../store/entities/file';
import type { Scope } from '../scope';
import type { z } from 'zod';
import type { serviceOrderFormSchema } from '../resources/service-order';
import { isId } from '../ids';

/** The spec's Form object: what a `form` requirement and a `requires_action` service order wait on. */
export type Form = z.infer<typeof serviceOrderFormSchema>;
type FormField = Form['fields'][number];

/** What a form's `file` fields are checked against: the uploaded file, looked up by id. */
export type FileLookup = (fileId: string) => Promise<{ type: string; size: number } | undefined>;

const at = (key: string) => `$.answers.${key}`;
const fail = (key: string, reason: string, validation_type: string, how_to_fix: string): FieldError => ({ reason, location: at(key), validation_type, how_to_fix });

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
  const errors: FieldError[] = [];
  const byKey = new Map(form.fields.map((f) => [f.key, f]));
  for (const key of Object.keys(answers)) {
    if (!byKey.has(key)) errors.push(fail(key, 'is not a field of this form', 'additionalProperties', `Answer only the form's fields: ${form.fields.map((f) => f.key).join(', ')}.`));
  }
  for (const field of form.fields) {
    const value = answers[field.key];
    const applies = fieldApplies(field, answers);
    if (!applies) {
      if (value !== undefined) {
        const c = field.conditional!;
        errors.push(fail(field.key, `applies only when ${c.field} is ${c.values.join(' or ')}`, 'conditional', `Leave ${field.key} out unless ${c.field} is one of: ${c.values.join(', ')}.`));
      }
      continue;
    }
    if (value === undefined || value === null || value === '') {
      if (field.required) errors.push(fail(field.key, 'is required', 'required', `Answer ${field.field_name}.`));
      continue;
    }
    const error = field.file ? await checkFile(field, value, lookupFile) : checkValue(field, value);
    if (error) errors.push(error);
  }
  return errors;
}

function checkValue(field: FormField, value: unknown): FieldError | undefined {
  const v = field.validation ?? {};
  const numeric = field.field_type === 'number' || v.min !== undefined || v.max !== undefined;
  if (numeric) {
    if (typeof value !== 'number' || !Number.isFinite(value)) return fail(field.key, 'is not a number', 'type', `Send ${field.field_name} as a JSON number.`);
    if (v.min !== undefined && value < v.min) return fail(field.key, `is below ${v.min}`, 'minimum', `Send at least ${v.min}.`);
    if (v.max !== undefined && value > v.max) return fail(field.key, `is above ${v.max}`, 'maximum', `Send at most ${v.max}.`);
    return undefined;
  }
  if (field.field_type === 'checkbox' || field.field_type === 'boolean') {
    return typeof value === 'boolean' ? undefined : fail(field.key, 'is not true or false', 'type', `Send ${field.field_name} as true or false.`);
  }
  if (typeof value !== 'string') return fail(field.key, 'is not text', 'type', `Send ${field.field_name} as a string.`);
  if (field.options?.length && !field.options.includes(value)) return fail(field.key, 'is not one of the options', 'enum', `Use one of: ${field.options.join(', ')}.`);
  if (v.min_length !== undefined && value.length < v.min_length) return fail(field.key, `is shorter than ${v.min_length} characters`, 'minLength', `Use at least ${v.min_length} characters.`);
  if (v.max_length !== undefined && value.length > v.max_length) return fail(field.key, `is longer than ${v.max_length} characters`, 'maxLength', `Use at most ${v.max_length} characters.`);
  if (v.pattern !== undefined && !new RegExp(v.pattern).test(value)) return fail(field.key, `does not match ${v.pattern}`, 'pattern', field.help ?? `Match the pattern ${v.pattern}.`);
  return undefined;
}

async function checkFile(field: FormField, value: unknown, lookupFile: FileLookup): Promise<FieldError | undefined> {
  const rule = field.file!;
  if (typeof value !== 'string' || !isId('file', value)) {
    return fail(field.key, 'is not a file id', 'type', 'Upload the file with POST /v1/files and send its id (file_…).');
  }
  const file = await lookupFile(value);
  if (!file) return fail(field.key, `names no file of this company: '${value}'`, 'exists', 'Upload the file with POST /v1/files for this company and send its id.');
  if (!rule.accepted_types.includes(file.type)) return fail(field.key, `is a ${file.type} file`, 'fileType', `Upload one of: ${rule.accepted_types.join(', ')}.`);
  if (file.size > rule.max_size_bytes) return fail(field.key, `is ${file.size} bytes`, 'fileSize', `Upload a file of at most ${rule.max_size_bytes} bytes.`);
  return undefined;
}

/**
 * The one gate for answers to a form, whichever route brings them (POST /requirements/{id}/fulfill or
 * POST /service-orders/{id}/form): every violation in one `invalid_request`, nothing written. A `file`
 * answer must name an unpublished file of the same company.
 */
export async function refuseInvalidAnswers(scope: Scope, companyId: string, form: Form, answers: Record<string, unknown>): Promise<void> {
  const errors = await checkFormAnswers(form, answers, async (fileId) => {
    const file = await getFile(scope, fileId);
    return file && file.company === companyId && !file.published ? file : undefined;
  });
  if (errors.length) throw new ApiError('invalid_request', `The answers are invalid: ${errors.map((e) => `${e.location} ${e.reason}`).join('; ')}`, errors);
}
