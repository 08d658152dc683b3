import * as z from 'zod';
import { ApiError, resourceMissing, parseOrRefuse } from '../errors';
import type { Scope } from '../scope';
import { FILE_PURPOSES } from '../resources/requirement';
import { FILE_POLICIES } from './policies';
import { fileStorage } from '../file-storage';
import { getFile, type FileRecord } from '../store/entities/file';
import { uploadFile } from './upload-file';
import { idParam } from '../input/id-param';

/** A multipart body over this is `request_too_large`; a file over its policy's size is `invalid_request`. */
export const MAX_UPLOAD_BODY_BYTES = 6 * 1024 * 1024;

/** The multipart upload's text fields (the OpenAPI document declares them, with `file`: lib/routes/lifecycle/upload-file.ts). */
export const uploadFields = z.strictObject({
  purpose: z.enum(FILE_PURPOSES),
  company: idParam('company', 'company'),
  shareholder: idParam('shareholder', 'owner', 'from the company’s shareholders (GET /v1/companies/{id})').optional(),
});

/** The parts of a multipart upload: text fields and files, by part name. */
export interface UploadForm {
  fields: Record<string, string>;
  files: Record<string, { bytes: Buffer; filename: string }>;
}

/** POST /files: the multipart fields `purpose`, `company`, `shareholder` (identity documents) and `file`. */
export async function uploadFromForm(scope: Scope, form: UploadForm): Promise<FileRecord> {
  const extraFiles = Object.keys(form.files).filter((k) => k !== 'file');
  if (extraFiles.length)
    throw new ApiError('invalid_request', `Unknown part '${extraFiles[0]}'.`, [
      {
        reason: 'is not a part of this request',
        location: `$.${extraFiles[0]}`,
        validation_type: 'additionalProperties',
        how_to_fix: 'Send the document as the part named file.',
      },
    ]);
  const fields = parseOrRefuse(uploadFields, form.fields, 'form');
  const file = form.files.file;
  if (!file)
    throw new ApiError('invalid_request', 'The file part is missing.', [
      {
        reason: 'is required',
        location: '$.file',
        validation_type: 'required',
        how_to_fix: 'Send the document as the multipart part named file (curl -F file=@passport.pdf).',
      },
    ]);
  return uploadFile(scope, { purpose: fields.purpose, bytes: file.bytes, company: fields.company, shareholder: fields.shareholder });
}

/** A file a caller may read: not another partner's or mode's, and never an identity upload (write-only). */
export async function readableFile(scope: Scope, fileId: string): Promise<FileRecord> {
  const file = await getFile(scope, fileId);
  if (!file || FILE_POLICIES[file.purpose].writeOnly) throw resourceMissing('file', fileId);
  return file;
}

/**
 * GET /files/{id}/content: the bytes, or, where the store has direct links (S3), a link that lives as
 * long as the purpose's policy says.
 */
export async function fileContent(
  scope: Scope,
  fileId: string,
): Promise<{ link: string } | { bytes: Buffer; type: string; filename: string }> {
  const file = await readableFile(scope, fileId);
  const lifetime = FILE_POLICIES[file.purpose].linkLifetimeSeconds ?? 60;
  const link = await fileStorage().link(file.storage_key, lifetime);
  if (link) return { link };
  const extension = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' }[file.type] ?? 'bin';
  return { bytes: await fileStorage().get(file.storage_key), type: file.type, filename: `${file.id}.${extension}` };
}
