import { nowIso } from '../clock';
import { ApiError, invalidField, resourceMissing } from '../errors';
import { newId } from '../ids';
import { getCompany } from '../store/entities/company';
import { changeCompany } from '../lifecycle/change-company';
import { assertNotDissolved } from '../lifecycle/company-status';
import { addOwnerDocuments } from '../lifecycle/operations/owner-documents';
import { commit } from '../event-log/commit';
import { tableName } from '../store/client';
import { livemode, type Scope } from '../scope';
import { WriteSet } from '../store/write-set';
import type { FilePurpose } from '../resources/requirement';
import { checkUpload } from './check-upload';
import { FILE_POLICIES } from './policies';
import { fileStorage, objectKey } from '../file-storage';
import { addFileCreation, type FileRecord } from '../store/entities/file';

export interface UploadInput {
  purpose: FilePurpose;
  bytes: Buffer;
  company: string;
  shareholder?: string;
}

/**
 * POST /files: checks the bytes against the purpose's policy, stores them, and records the file. An
 * identity document is the owner's document at once (lib/lifecycle/operations/owner-documents.ts):
 * `company.document.received`, the owner's open identity requirement fulfilled, verification when
 * every owner is in, all in the transaction that records the file.
 */
export async function uploadFile(scope: Scope, input: UploadInput): Promise<FileRecord> {
  const policy = FILE_POLICIES[input.purpose];
  if (policy.needsShareholder && !input.shareholder) {
    throw invalidField('$.shareholder', `is required for ${input.purpose}`, 'Name the owner (sh_…) whose document this is.', 'required');
  }
  if (!policy.needsShareholder && input.shareholder) {
    throw invalidField('$.shareholder', `applies only to identity_document`, 'Leave shareholder out for this purpose.', 'additionalProperties');
  }
  const company = await getCompany(scope, input.company, { consistent: true });
  if (!company) throw new ApiError('invalid_request', `No company '${input.company}'.`, [{ reason: 'names no company of yours', location: '$.company', validation_type: 'exists', how_to_fix: 'Send the id of one of your companies (cmp_…), in the mode of your key.' }]);
  assertNotDissolved(company, 'uploading a document');
  if (input.shareholder && !company.shareholders.some((s) => s.id === input.shareholder)) {
    throw invalidField('$.shareholder', `is not an owner of ${company.id}`, 'Send the id (sh_…) of one of the company’s shareholders.', 'exists');
  }
  const { type, pages } = checkUpload(input.purpose, input.bytes);
  const id = newId('file');
  const record: FileRecord = {
    id,
    purpose: input.purpose,
    size: input.bytes.length,
    type,
    company: company.id,
    livemode: livemode(scope),
    created_at: nowIso(),
    published: false,
    storage_key: objectKey(input.purpose, id, false),
    pages,
    ...(input.shareholder ? { shareholder: input.shareholder } : {}),
  };
  await fileStorage().put(record.storage_key, input.bytes, type);
  if (input.purpose === 'identity_document') {
    await changeCompany(scope, company.id, async (ctx) => {
      addFileCreation(ctx.ws, scope, record);
      return addOwnerDocuments(ctx, [{ shareholder: input.shareholder!, file: id }]);
    });
  } else {
    const ws = new WriteSet(scope, tableName());
    addFileCreation(ws, scope, record);
    await commit(ws);
  }
  return record;
}

export function requireFound<T>(value: T | undefined, what: string, id: string): T {
  if (!value) throw resourceMissing(what, id);
  return value;
}
