import { commit } from '../event-log/commit';
import { tableName } from '../store/client';
import { companyKey } from '../store/keys';
import { getCompany } from '../store/entities/company';
import { addRequirementCreation, type RequirementRecord } from '../store/entities/requirement';
import { newRequirement } from '../requirements/new-requirement';
import { WriteSet } from '../store/write-set';
import { logger } from '../observability/logger';
import type { CompanyRecord } from '../resources/company';
import type { Scope } from '../scope';
import { attributeExists } from '../store/expression';

/**
 * One `document` requirement (`purpose: identity_document`, the owner's `shareholder`,
 * `requested_by: system`) per owner without an identity document on file, so a company that
 * `requires_information` says what it needs (docs/decisions.md, "Owners' identity documents at
 * creation"). The owner's upload resolves it (lib/lifecycle/operations/owner-documents.ts). Minted
 * here, opened by `openPendingRequirements` right after creation's transaction.
 */
export function ownerDocumentRequests(
  scope: Scope,
  company: Pick<CompanyRecord, 'id' | 'shareholders'>,
  createdAt: string,
): RequirementRecord[] {
  return company.shareholders
    .filter((owner) => !owner.passport)
    .map((owner) =>
      newRequirement(
        scope,
        {
          companyId: company.id,
          type: 'document',
          purpose: 'identity_document',
          shareholder: owner.id,
          requestedBy: 'system',
          message: `An identity document (passport or other government ID) of ${owner.first_name} ${owner.last_name} is needed before the company can be filed.`,
        },
        createdAt,
      ),
    );
}

/** The requirements as the company's list orders them: newest first by `<created_at>#<id>`. */
export function newestRequirementsFirst(records: RequirementRecord[]): RequirementRecord[] {
  return [...records].sort((a, b) => (`${b.created_at}#${b.id}` < `${a.created_at}#${a.id}` ? -1 : 1));
}

/** Another request opened them first (a read that completed a creation cut short, and the creation). */
class AlreadyOpened extends Error {}

/**
 * Opens the requirements a company's creation left pending (`pending_requirements` on the company
 * item), in ONE transaction: each requirement with its `requirement.created`, and the company item
 * without `pending_requirements` (its `version` moved, so a change that read the company before
 * re-reads it) with its open count moved by their number. Conditioned on `pending_requirements`
 * still being there: whoever runs it (creation right after its own transaction; a later read or
 * change of a company whose creation was cut short in between) opens them once. An owner whose
 * document arrived meanwhile gets none.
 *
 * 25 owners: 25 requirement items, 25 id pointers, the company, 25 events and their counters: 79
 * items of DynamoDB's 100.
 */
export async function openPendingRequirements(scope: Scope, companyId: string, known?: CompanyRecord): Promise<void> {
  const company = known ?? (await getCompany(scope, companyId, { consistent: true }));
  const pending = company?.pending_requirements;
  if (!company || !pending) return;
  const ws = new WriteSet(scope, tableName());
  for (const record of pending) {
    const owner = company.shareholders.find((s) => s.id === record.shareholder);
    if (owner && !owner.passport) addRequirementCreation(ws, scope, record, { guardCompany: false });
  }
  ws.update(
    companyKey(scope, companyId),
    { add: { version: 1 }, remove: ['pending_requirements'] },
    { condition: attributeExists('pending_requirements'), onFailed: () => new AlreadyOpened() },
  );
  try {
    await commit(ws);
  } catch (error) {
    // Lost to another opener (its requirements or its removal of the list came first): done.
    if (error instanceof AlreadyOpened || !(await getCompany(scope, companyId, { consistent: true }))?.pending_requirements) return;
    throw error;
  }
}

/**
 * Creation answers once its own transaction committed; the requirements follow at once. Should that
 * second write fail, the company stands and the next read or change of it opens them
 * (`openPendingRequirements`), so the answer is not an error.
 */
export async function openRequirementsAfterCreation(scope: Scope, company: CompanyRecord): Promise<void> {
  if (!company.pending_requirements) return;
  try {
    await openPendingRequirements(scope, company.id, company);
  } catch (error) {
    logger.warn('identity-document requirements not opened after creation; the next read of the company opens them', {
      company: company.id,
      error: String(error),
    });
  }
}
