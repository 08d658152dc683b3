import { z } from 'zod';
import { dateTime, idOf } from './shared';

/**
 * The Requirement resource (spec Resources → Requirement). The spec's fields; the ones it leaves open
 * (the signer object, the fields after `cancel_reason`) are decided in docs/decisions.md ("The event
 * log", resource schemas).
 */
export const REQUIREMENT_TYPES = ['document', 'form', 'name_change', 'information', 'signature'] as const;
export const REQUIREMENT_STATUSES = ['open', 'resolved', 'canceled'] as const;
export const REQUIREMENT_PURPOSES = ['identity_document', 'formation_document', 'additional_document'] as const;
export const SIGNER_STATUSES = ['pending', 'viewed', 'signed', 'declined'] as const;

export const signerSchema = z
  .strictObject({
    name: z.string(),
    email: z.string(),
    status: z.enum(SIGNER_STATUSES),
    viewed_at: dateTime.optional(),
    signed_at: dateTime.optional(),
    declined_at: dateTime.optional(),
  })
  .meta({ id: 'RequirementSigner', description: 'A party that must sign a signature requirement, with its progress.' });

export const requirementSchema = z
  .strictObject({
    object: z.literal('requirement'),
    id: idOf('rqmt_'),
    company: idOf('cmp_'),
    service_order: idOf('so_').optional(),
    shareholder: idOf('sh_').optional(),
    purpose: z.enum(REQUIREMENT_PURPOSES).optional(),
    type: z.enum(REQUIREMENT_TYPES),
    status: z.enum(REQUIREMENT_STATUSES),
    requested_by: z.enum(['system', 'operations']),
    document_name: z.string().optional(),
    signers: z.array(signerSchema).optional(),
    message: z.string().optional(),
    cancel_reason: z.string().optional(),
    /** The answer that resolved it (`requirement.fulfilled` carries it): `{name}`, `{answers}` or `{file}`. */
    response: z.record(z.string(), z.unknown()).optional(),
    resolved_at: dateTime.optional(),
    canceled_at: dateTime.optional(),
    livemode: z.boolean(),
    created_at: dateTime,
  })
  .meta({ id: 'Requirement', description: 'Something needed from the partner or its client.' });

export type Requirement = z.infer<typeof requirementSchema>;
