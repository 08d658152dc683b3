import { newId } from '../../ids';
import { addFileCreation, type FileRecord } from '../../store/entities/file';
import { samplePdf } from '../../file-storage/sample-document';
import { fileStorage, objectKey } from '../../file-storage';
import { livemode, type Scope } from '../../scope';
import { changeCompany } from '../change-company';
import { statusTransition } from '../company-status';
import { addOwnerDocuments } from './owner-documents';
import { assertVerificationPending } from '../verification';

/**
 * Every owner's identity document is in (the operator's verification, or the sandbox trigger): for
 * each owner without one, a document is recorded (a generated stand-in in the sandbox) with
 * `company.document.received`; then `company.verified` once, status `in_progress`, `verified_at`:
 * exactly what the owners' own uploads do (lib/lifecycle/operations/owner-documents.ts).
 */
export async function verifyOwners(scope: Scope, companyId: string) {
  return changeCompany(scope, companyId, async (ctx) => {
    const { company, ws, at } = ctx;
    assertVerificationPending(company.verification);
    statusTransition('verified', company);
    const documents = [];
    for (const owner of company.shareholders.filter((s) => !s.passport)) {
      const bytes = samplePdf(`Identity document of ${owner.first_name} ${owner.last_name} (sandbox)`);
      const id = newId('file');
      const record: FileRecord = {
        id,
        purpose: 'identity_document',
        size: bytes.length,
        type: 'application/pdf',
        company: company.id,
        shareholder: owner.id,
        livemode: livemode(scope),
        created_at: at,
        published: false,
        storage_key: objectKey('identity_document', id, false),
        pages: 1,
      };
      await fileStorage().put(record.storage_key, bytes, record.type);
      addFileCreation(ws, scope, record);
      documents.push({ shareholder: owner.id, file: id });
    }
    return addOwnerDocuments(ctx, documents, { verifyWithoutOwners: true });
  });
}
