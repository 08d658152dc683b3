import { nowIso } from '../clock';
import { ApiError, invalidField, resourceMissing } from '../errors';
import { exampleId, newId } from '../ids';
import { getCompanyAndOpenCount } from '../store/entities/company';
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
    throw invalidField(
      '$.shareholder',
      `is required for ${input.purpose}`,
      `Send shareholder, the owner whose document this is, such as -F shareholder=${exampleId('shareholder')} (an id from the company's shareholders).`,
      'required',
    );
  }
  if (!policy.needsShareholder && input.shareholder) {
    throw invalidField(
      '$.shareholder',
      `applies only to identity_document`,
      `Remove shareholder: ${input.purpose} documents belong to the company, not to one owner.`,
      'additionalProperties',
    );
  }
  const read = await getCompanyAndOpenCount(scope, input.company);
  const company = read.record;
  if (!company)
    throw new ApiError('invalid_request', `No company '${input.company}'.`, [
      {
        reason: 'names no company of yours',
        location: '$.company',
        validation_type: 'exists',
        how_to_fix: `Send company as the id of one of your companies in the mode of your key, such as -F company=${exampleId('company')} (GET /v1/companies lists them).`,
      },
    ]);
  assertNotDissolved(company, 'uploading a document');
  if (input.shareholder && !company.shareholders.some((s) => s.id === input.shareholder)) {
    throw invalidField(
      '$.shareholder',
      `is not an owner of ${company.id}`,
      `Send the id of one of the company’s shareholders (${company.shareholders.map((s) => s.id).join(', ') || 'none yet'}), such as -F shareholder=${company.shareholders[0]?.id ?? 'sh_…'}.`,
      'exists',
    );
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
    await changeCompany(
      scope,
      company.id,
      async (ctx) => {
        addFileCreation(ctx.ws, scope, record);
        return addOwnerDocuments(ctx, [{ shareholder: input.shareholder!, file: id }]);
      },
      read,
    );
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
