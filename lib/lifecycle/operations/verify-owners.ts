import { newId } from '../../ids';
import { addFileCreation, type FileRecord } from '../../store/entities/file';
import { samplePdf } from '../../file-storage/sample-document';
import { fileStorage, objectKey } from '../../file-storage';
import { livemode, type Scope } from '../../scope';
import { changeCompany } from '../change-company';
import { statusTransition } from '../company-status';
import { addOwnerDocuments } from './owner-documents';
import { assertVerificationPending } from '../verification';

/** Owners documented per transaction: each brings a file, its pointer, a resolved requirement and two events. */
const OWNERS_PER_TRANSACTION = 10;

/**
 * Every owner's identity document is in (the operator's verification, or the sandbox trigger): for
 * each owner without one, a document is recorded (a generated stand-in in the sandbox) with
 * `company.document.received`, resolving that owner's identity-document requirement; then
 * `company.verified` once, status `in_progress`, `verified_at`: exactly what the owners' own uploads
 * do (lib/lifecycle/operations/owner-documents.ts). Up to 10 owners per transaction (25 owners'
 * documents, requirements and events would not fit DynamoDB's 100 items): as if they uploaded in
 * turn, the last transaction verifying.
 */
export async function verifyOwners(scope: Scope, companyId: string) {
  for (;;) {
    let done = true;
    const outcome = await changeCompany(scope, companyId, async (ctx) => {
      const { company, ws, at } = ctx;
      assertVerificationPending(company.verification);
      statusTransition('verified', company);
      const missing = company.shareholders.filter((s) => !s.passport);
      done = missing.length <= OWNERS_PER_TRANSACTION;
      const documents = [];
      for (const owner of missing.slice(0, OWNERS_PER_TRANSACTION)) {
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
    if (done) return outcome;
  }
}
