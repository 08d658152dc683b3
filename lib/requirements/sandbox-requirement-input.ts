import * as z from 'zod';
import { emailInput } from '../input/fields';
import { serviceOrderFormSchema } from '../resources/service-order';
import { FILE_PURPOSES } from '../resources/requirement';
import type { RequirementInput } from './new-requirement';
import { idPattern } from '../ids';

const message = z.string().trim().min(1).max(1000).optional();
const shId = z.string().regex(idPattern('shareholder'), { message: 'is not a shareholder id' });

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
    form: serviceOrderFormSchema(),
    service_order: z.string().regex(idPattern('serviceOrder')).optional(),
    message,
  }),
  z.strictObject({ type: z.literal('name_change'), message }),
  z.strictObject({ type: z.literal('information'), message }),
  z.strictObject({
    type: z.literal('signature'),
    document_name: z.string().trim().min(1).max(200),
    signers: z
      .array(z.strictObject({ name: z.string().trim().min(1).max(200), email: emailInput }))
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
