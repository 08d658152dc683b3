import * as z from 'zod';
import { fileSchema } from '../../resources/file';
import { onFirstUse } from '../../resources/built-on-first-use';
import { noQuery } from '../../input/empty';
import { partner } from '../core/operation';
import { DOCUMENT_BODY_BYTES, tag } from './shared';
import { uploadFields } from '../../files/file-requests';
import { ifThen, requires } from '../../companies/rules/in-the-document';

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
  multipart: uploadFields,
  bodyConditions: [
    ifThen({ properties: { purpose: { const: 'identity_document' } }, required: ['purpose'] }, requires(['shareholder']), {
      properties: { shareholder: false },
    }),
  ],
  summary: 'Upload a document (multipart/form-data: purpose, company, shareholder for identity documents, file)',
  description:
    'Uploads a document as multipart/form-data (not JSON): `purpose`, `company`, `shareholder` (identity documents only: the owner it is of) and `file`. The content type is read from the bytes; size, types and page count are checked against the purpose’s policy. Identity documents are write-only: they are never read back. The SDK’s `uploadFile` and the MCP tool of the same name take a file and send it so.',
  tag,
  responses: { 201: { description: 'The file.', schema: uploadAnswer } },
  errors: [409, 413, 422],
});
