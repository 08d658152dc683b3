import * as z from 'zod';
import { onFirstUse } from './built-on-first-use';
import { type FieldOrder, inFieldOrder } from './in-field-order';
import { dateTime, idOf } from './shared';
import { FORM_ORDER, serviceOrderFormSchema } from './service-order';

/**
 * The Requirement resource (spec Resources → Requirement). The spec's fields; the ones it leaves open
 * (the signer object, the fields after `cancel_reason`) are decided in docs/decisions.md ("The event
 * log", resource schemas).
 */
export const REQUIREMENT_TYPES = ['document', 'form', 'name_change', 'information', 'signature'] as const;
export const REQUIREMENT_STATUSES = ['open', 'resolved', 'canceled'] as const;
export const REQUIREMENT_PURPOSES = ['identity_document', 'formation_document', 'additional_document'] as const;
/** The file purposes (lib/resources/file.ts): a document requirement collects under one of them. */
export const FILE_PURPOSES = REQUIREMENT_PURPOSES;
export type FilePurpose = (typeof FILE_PURPOSES)[number];
export type RequirementType = (typeof REQUIREMENT_TYPES)[number];
export type RequirementStatus = (typeof REQUIREMENT_STATUSES)[number];
export const SIGNER_STATUSES = ['pending', 'viewed', 'signed', 'declined'] as const;

export const signerSchema = onFirstUse(() =>
  z
    .strictObject({
      name: z.string(),
      email: z.string(),
      status: z.enum(SIGNER_STATUSES),
      viewed_at: dateTime().optional(),
      signed_at: dateTime().optional(),
      declined_at: dateTime().optional(),
    })
    .meta({ id: 'RequirementSigner', description: 'A party that must sign a signature requirement, with its progress.' }),
);

export const requirementSchema = onFirstUse(() =>
  z
    .strictObject({
      object: z.literal('requirement'),
      id: idOf('requirement'),
      company: idOf('company'),
      service_order: idOf('serviceOrder').optional(),
      shareholder: idOf('shareholder').optional(),
      purpose: z.enum(REQUIREMENT_PURPOSES).optional(),
      type: z.enum(REQUIREMENT_TYPES),
      status: z.enum(REQUIREMENT_STATUSES),
      requested_by: z.enum(['system', 'operations']),
      document_name: z.string().optional(),
      signers: z.array(signerSchema()).optional(),
      message: z.string().optional(),
      cancel_reason: z.string().optional(),
      /** `form` requirements: the form the answers are checked against (the order's current step). */
      form: serviceOrderFormSchema().optional(),
      /** The answer that resolved it (`requirement.fulfilled` carries it): `{name}`, `{answers}` or `{file}`. */
      response: z.record(z.string(), z.unknown()).optional(),
      resolved_at: dateTime().optional(),
      canceled_at: dateTime().optional(),
      livemode: z.boolean(),
      created_at: dateTime(),
    })
    .meta({ id: 'Requirement', description: 'Something needed from the partner or its client.' }),
);

export type Requirement = z.infer<ReturnType<typeof requirementSchema>>;
export type Signer = z.infer<ReturnType<typeof signerSchema>>;

/** The Requirement object's fields in the spec's order (lib/resources/in-field-order.ts). */
export const REQUIREMENT_FIELDS = [
  'object',
  'id',
  'company',
  'service_order',
  'shareholder',
  'purpose',
  'type',
  'status',
  'requested_by',
  'document_name',
  'signers',
  'message',
  'cancel_reason',
  'form',
  'response',
  'resolved_at',
  'canceled_at',
  'livemode',
  'created_at',
] as const satisfies readonly (keyof Requirement)[];

/** The order of the Requirement's sub-objects: its signers and its form. */
export const REQUIREMENT_NESTED: Readonly<Record<string, FieldOrder>> = {
  signers: { fields: ['name', 'email', 'status', 'viewed_at', 'signed_at', 'declined_at'] },
  form: FORM_ORDER,
};

/** The API shape: the schema's field order, down to its sub-objects, absent values left out. */
export function renderRequirement(record: Omit<Requirement, 'object'>): Requirement {
  return inFieldOrder('requirement', record, REQUIREMENT_FIELDS, { nested: REQUIREMENT_NESTED }) as Requirement;
}
