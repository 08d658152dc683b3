import * as z from 'zod';
import { emailInput } from '../input/fields';
import { serviceOrderFormSchema } from '../resources/service-order';
import { FILE_PURPOSES } from '../resources/requirement';
import type { RequirementInput } from './new-requirement';
import {
  MAX_FORM_PROGRAM_SIZE,
  PATTERN_EXAMPLE,
  PATTERN_HOW_TO_FIX,
  PATTERN_PROBLEM_REASONS,
  answerPattern,
  patternProblem,
} from '../forms/pattern-safety';
import { idParam } from '../input/id-param';

const message = z
  .string()
  .trim()
  .min(1)
  .max(1000)
  .optional()
  .meta({ examples: ['Please confirm the registered address.'] });

/**
 * A form given with a `form` requirement: the form object's shape, and what an answer to it needs
 * to be checkable (lib/forms/form-answers.ts): a pattern that RE2 runs, within the form's budget
 * of compiled instructions (lib/forms/pattern-safety.ts), each key once, and a `conditional` naming
 * another field of it.
 * Any of these let through, the form was accepted and the answer to it failed (a 500) or could never
 * be given.
 */
const formInput = serviceOrderFormSchema().superRefine((form, ctx) => {
  const keys = form.fields.map((f) => f.key);
  let programs = 0;
  form.fields.forEach((field, i) => {
    const pattern = field.validation?.pattern;
    const problem = pattern === undefined ? undefined : patternProblem(pattern);
    const size = pattern === undefined || problem ? 0 : answerPattern(pattern)!.programSize;
    programs += size;
    if (problem || (size && programs > MAX_FORM_PROGRAM_SIZE))
      ctx.addIssue({
        code: 'custom',
        path: ['fields', i, 'validation', 'pattern'],
        message: problem
          ? PATTERN_PROBLEM_REASONS[problem]
          : `brings the form's patterns to more than ${MAX_FORM_PROGRAM_SIZE} compiled instructions together`,
        params: {
          validation_type: problem === 'too_long' ? 'maxLength' : 'format',
          how_to_fix: problem
            ? PATTERN_HOW_TO_FIX
            : `Give this field a shorter pattern, such as "${PATTERN_EXAMPLE}", or check it with min_length and max_length instead.`,
        },
      });
    if (keys.indexOf(field.key) !== i)
      ctx.addIssue({
        code: 'custom',
        path: ['fields', i, 'key'],
        message: `repeats the key '${field.key}' of fields[${keys.indexOf(field.key)}]`,
        params: { validation_type: 'uniqueItems', how_to_fix: `Give each field its own key, such as "key": "${field.key}_${i}".` },
      });
    const on = field.conditional?.field;
    if (on !== undefined && (on === field.key || !keys.includes(on)))
      ctx.addIssue({
        code: 'custom',
        path: ['fields', i, 'conditional', 'field'],
        message: on === field.key ? 'names the field itself' : `names no field of this form ('${on}')`,
        params: {
          validation_type: 'enum',
          how_to_fix: `Name another field of the form, one of: ${keys.filter((k) => k !== field.key).join(', ') || '(none: add the field it depends on)'}.`,
        },
      });
  });
});
const shId = idParam('shareholder', 'owner', 'from the company’s shareholders (GET /v1/companies/{id})');

/**
 * POST /sandbox/companies/{id}/requirements: a requirement of any type, as the platform or the
 * operator would open it. Each type takes its own fields (signature: `{document_name, signers[]}`).
 */
export const sandboxRequirementBody = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('document'),
    purpose: z.enum(FILE_PURPOSES).default('identity_document'),
    shareholder: shId.optional(),
    message,
  }),
  z.strictObject({
    type: z.literal('form'),
    form: formInput,
    service_order: idParam('serviceOrder', 'service order').optional(),
    message,
  }),
  z.strictObject({ type: z.literal('name_change'), message }),
  z.strictObject({ type: z.literal('information'), message }),
  z.strictObject({
    type: z.literal('signature'),
    document_name: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .meta({ examples: ['Operating Agreement'] }),
    signers: z
      .array(
        z.strictObject({
          name: z
            .string()
            .trim()
            .min(1)
            .max(200)
            .meta({ examples: ['Ada Lovelace'] }),
          email: emailInput,
        }),
      )
      .min(1)
      .max(10),
    message,
  }),
]);

export type SandboxRequirementBody = z.infer<typeof sandboxRequirementBody>;

export function toRequirementInput(companyId: string, body: SandboxRequirementBody): RequirementInput {
  const base = { companyId, requestedBy: 'operations' as const, message: body.message };
  switch (body.type) {
    case 'document':
      return { ...base, type: 'document', purpose: body.purpose, shareholder: body.shareholder };
    case 'form':
      return { ...base, type: 'form', form: body.form, serviceOrder: body.service_order };
    case 'signature':
      return { ...base, type: 'signature', documentName: body.document_name, signers: body.signers };
    default:
      return { ...base, type: body.type };
  }
}
