import type { FieldError } from '../http/errors';
import type { OrderForm } from './order-form';

/**
 * Answers checked against the form the order waits on: required fields (those whose `conditional`
 * applies), option lists, patterns, lengths and numeric bounds; unknown keys are refused.
 */
export function answerViolations(form: OrderForm, answers: Record<string, unknown>): FieldError[] {
  const out: FieldError[] = [];
  const keys = new Set(form.fields.map((f) => f.key));
  for (const key of Object.keys(answers)) {
    if (!keys.has(key)) out.push({ reason: `'${key}' is not a field of this form`, location: `$.answers.${key}`, validation_type: 'additionalProperties', how_to_fix: `Answer only: ${[...keys].join(', ')}.` });
  }
  for (const field of form.fields) {
    const at = `$.answers.${field.key}`;
    const applies = !field.conditional || field.conditional.values.includes(String(answers[field.conditional.field] ?? ''));
    const value = answers[field.key];
    if (value === undefined || value === null || value === '') {
      if (field.required && applies) out.push({ reason: `'${field.field_name}' is required`, location: at, validation_type: 'required', how_to_fix: `Answer '${field.key}'.` });
      continue;
    }
    if (field.field_type === 'number') {
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        out.push({ reason: 'must be a number', location: at, validation_type: 'type', how_to_fix: 'Send a JSON number.' });
        continue;
      }
      const v = field.validation;
      if (v?.min !== undefined && value < v.min) out.push({ reason: `must be at least ${v.min}`, location: at, validation_type: 'minimum', how_to_fix: `Send a number ≥ ${v.min}.` });
      if (v?.max !== undefined && value > v.max) out.push({ reason: `must be at most ${v.max}`, location: at, validation_type: 'maximum', how_to_fix: `Send a number ≤ ${v.max}.` });
      continue;
    }
    if (typeof value !== 'string') {
      out.push({ reason: 'must be a string', location: at, validation_type: 'type', how_to_fix: 'Send the answer as a string.' });
      continue;
    }
    if (field.options && !field.options.includes(value)) out.push({ reason: `'${value}' is not an allowed answer`, location: at, validation_type: 'enum', how_to_fix: `Use one of: ${field.options.join(', ')}.` });
    const v = field.validation;
    if (v?.min_length !== undefined && value.length < v.min_length) out.push({ reason: `must be at least ${v.min_length} characters`, location: at, validation_type: 'minLength', how_to_fix: `Send at least ${v.min_length} characters.` });
    if (v?.max_length !== undefined && value.length > v.max_length) out.push({ reason: `must be at most ${v.max_length} characters`, location: at, validation_type: 'maxLength', how_to_fix: `Send at most ${v.max_length} characters.` });
    if (v?.pattern !== undefined && !new RegExp(v.pattern).test(value)) out.push({ reason: `does not match ${v.pattern}`, location: at, validation_type: 'pattern', how_to_fix: field.help ?? `Send a value matching ${v.pattern}.` });
  }
  return out;
}
