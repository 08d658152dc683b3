import * as z from 'zod';
import { fileSchema } from '../../resources/file';
import { onFirstUse } from '../../resources/built-on-first-use';
import { noQuery } from '../../input/empty';
import { partner } from '../core/operation';
import { DOCUMENT_BODY_BYTES, tag } from './shared';

/** An upload's answer: the file's id, purpose, size and sniffed type (for the OpenAPI document only). */
const uploadAnswer = onFirstUse(() =>
  z
    .strictObject({
      object: z.literal('file'),
      id: z.string(),
      purpose: fileSchema().shape.purpose,
      size: z.number().int(),
      type: z.string(),
      created_at: z.string(),
    })
    .meta({ id: 'FileUpload', description: 'The answer to an upload: the file’s id, purpose, size and sniffed type.' }),
);

export const uploadFile = partner('upload-file', {
  method: 'POST',
  path: '/v1/files',
  operation: 'uploadFile',
  scope: 'files:write',
  idempotent: true,
  face: 'raw',
  maxBodyBytes: DOCUMENT_BODY_BYTES,
  query: noQuery,
  summary: 'Upload a document (multipart/form-data: purpose, company, shareholder for identity documents, file)',
  description: 'The body is multipart/form-data, not JSON. The content type is read from the bytes. Identity documents are write-only.',
  tag,
  responses: { 201: { description: 'The file.', schema: uploadAnswer } },
  errors: [409, 413, 422],
});
