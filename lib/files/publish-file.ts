import { nowIso } from '../clock';
import { invalidField, resourceMissing } from '../errors';
import { newId } from '../ids';
import { getCompany } from '../store/entities/company';
import { assertNotDissolved } from '../lifecycle/company-status';
import { commit } from '../event-log/commit';
import { tableName } from '../store/client';
import { livemode, type Scope } from '../scope';
import { WriteSet } from '../store/write-set';
import { renderFile } from '../resources/file';
import { checkUpload } from './check-upload';
import { samplePdf, samplePng } from '../file-storage/sample-document';
import { fileStorage, objectKey } from '../file-storage';
import { addFileCreation, publishedFilesOf, type FileRecord } from '../store/entities/file';
import { listCapReached, MAX_PUBLISHED_FILES_PER_COMPANY } from '../resources/list-caps';

/**
 * The operator publishes a document on a company (articles, EIN letter…): a read-only
 * `formation_document`, listed on the company, `file.created`. The sandbox publishes a generated
 * stand-in; the operator CLI publishes the bytes of a real file.
 */
export async function publishFile(
  scope: Scope,
  companyId: string,
  input: { title: string; content_type?: string; bytes?: Buffer },
): Promise<FileRecord> {
  const company = await getCompany(scope, companyId, { consistent: true });
  if (!company) throw resourceMissing('company', companyId);
  assertNotDissolved(company, 'publishing a document');
  if ((await publishedFilesOf(scope, companyId)).length >= MAX_PUBLISHED_FILES_PER_COMPANY)
    throw listCapReached(
      'published documents',
      MAX_PUBLISHED_FILES_PER_COMPANY,
      'Publish this document on the company’s next filing instead.',
    );
  let bytes = input.bytes;
  if (!bytes) {
    const wanted = input.content_type ?? 'application/pdf';
    if (wanted !== 'application/pdf' && wanted !== 'image/png')
      throw invalidField(
        '$.content_type',
        'is not a type the sandbox publishes',
        'Send content_type as application/pdf or image/png, such as "content_type": "application/pdf".',
        'enum',
      );
    bytes = wanted === 'application/pdf' ? samplePdf(input.title) : samplePng();
  }
  const purpose = 'formation_document' as const;
  // A published document follows the formation policy, except that images are accepted from the operator.
  const { type, pages } = bytes[0] === 0x89 ? { type: 'image/png', pages: 1 } : checkUpload(purpose, bytes);
  const id = newId('file');
  const record: FileRecord = {
    id,
    purpose,
    size: bytes.length,
    type,
    company: company.id,
    title: input.title,
    livemode: livemode(scope),
    created_at: nowIso(),
    published: true,
    storage_key: objectKey(purpose, id, true),
    pages,
  };
  await fileStorage().put(record.storage_key, bytes, type);
  const ws = new WriteSet(scope, tableName());
  addFileCreation(ws, scope, record);
  ws.recordEvent({ type: 'file.created', companyId: company.id, resource: renderFile(record) });
  await commit(ws);
  return record;
}
