import { newId } from '../ids';
import { livemode, type Scope } from '../scope';
import type { FilePurpose, RequirementType, Signer } from '../resources/requirement';
import type { RequirementRecord } from '../store/entities/requirement';
import type { z } from 'zod';
import type { serviceOrderFormSchema } from '../resources/service-order';

export type RequirementForm = z.infer<ReturnType<typeof serviceOrderFormSchema>>;

/** What opening a requirement needs; which fields apply depends on `type`. */
export interface RequirementInput {
  companyId: string;
  type: RequirementType;
  requestedBy: 'system' | 'operations';
  message?: string;
  serviceOrder?: string;
  /** `document`: the owner it is about (identity documents) and the file policy it collects under. */
  shareholder?: string;
  purpose?: FilePurpose;
  /** `form`: the form the answers are checked against. */
  form?: RequirementForm;
  /** `signature`: the document and everyone who must sign it. */
  documentName?: string;
  signers?: { name: string; email: string }[];
}

export function newRequirement(scope: Scope, input: RequirementInput, createdAt: string): RequirementRecord {
  const record: RequirementRecord = {
    id: newId('requirement'),
    company: input.companyId,
    type: input.type,
    status: 'open',
    requested_by: input.requestedBy,
    livemode: livemode(scope),
    created_at: createdAt,
    rev: 1,
  };
  if (input.serviceOrder) record.service_order = input.serviceOrder;
  if (input.shareholder) record.shareholder = input.shareholder;
  if (input.type === 'document') record.purpose = input.purpose ?? 'identity_document';
  if (input.documentName) record.document_name = input.documentName;
  if (input.signers) record.signers = input.signers.map((s): Signer => ({ name: s.name, email: s.email, status: 'pending' }));
  if (input.message) record.message = input.message;
  if (input.form) record.form = input.form;
  return record;
}
