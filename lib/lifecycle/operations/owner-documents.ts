import type { CompanyRecord } from '../../resources/company';
import { requirementsOfCompany, type RequirementRecord } from '../../store/entities/requirement';
import { addResolution } from '../../requirements/change-requirement';
import type { CompanyChangeContext, CompanyChangePlan } from '../change-company';
import { statusTransition } from '../company-status';
import { allOwnerDocumentsIn } from '../verification';
import { addFormationStarted } from '../formation-order';

export interface OwnerDocument {
  shareholder: string;
  file: string;
}

/**
 * Owners' identity documents arrive (an upload, a verification session, a sandbox trigger): for each,
 * the owner's `passport` points at the file, `company.document.received` fires with the company as it
 * stands after that document, and the owner's open identity-document requirements are fulfilled.
 * When every owner's document is in and the company still requires information, it is verified
 * (spec Company status and verification): `verification` verified, `verified_at` set, status
 * `in_progress`, `company.status.changed` and `company.verified` once, and the formation order in fulfilment
 * (lib/lifecycle/formation-order.ts).
 *
 * `skipRequirement` names a requirement the caller resolves itself (the one being fulfilled).
 */
export async function addOwnerDocuments(
  ctx: CompanyChangeContext,
  documents: OwnerDocument[],
  options: { skipRequirement?: string; verifyWithoutOwners?: boolean } = {},
): Promise<CompanyChangePlan<RequirementRecord[]>> {
  const { company, ws, at, scope, record } = ctx;
  const open = (await requirementsOfCompany(scope, company.id, { openOnly: true })).filter(
    (r) => r.type === 'document' && r.purpose === 'identity_document' && r.id !== options.skipRequirement,
  );
  const resolved: RequirementRecord[] = [];
  let current: CompanyRecord = company;
  for (const doc of documents) {
    current = { ...current, shareholders: current.shareholders.map((s) => (s.id === doc.shareholder ? { ...s, passport: doc.file } : s)) };
    record('company.document.received', current);
    for (const requirement of open.filter((r) => r.shareholder === doc.shareholder && !resolved.some((x) => x.id === r.id))) {
      resolved.push(addResolution(ws, scope, requirement, { file: doc.file }, at));
    }
  }
  const everyoneIn = current.shareholders.length ? allOwnerDocumentsIn(current.shareholders) : !!options.verifyWithoutOwners;
  if (everyoneIn && current.verification === 'pending' && current.status === 'requires_information') {
    const row = statusTransition('verified', current);
    current = { ...current, verification: 'verified', verified_at: at, status: row.to };
    // The status moved (requires_information → in_progress): company.status.changed, then company.verified.
    record('company.status.changed', current);
    record('company.verified', current);
    await addFormationStarted(ws, scope, current, at);
    return { next: current, once: ['verified_at'], result: resolved };
  }
  return { next: current, result: resolved };
}
