import { json, rawOperation } from '../../lib/http/raw-operation';
import { MAX_UPLOAD_BODY_BYTES, uploadFromForm } from '../../lib/files/file-requests';
import { parseMultipart } from '../../lib/http/core/multipart';
import { presentFile } from '../../lib/store/entities/file';

/** POST /v1/files: multipart `purpose`, `company`, `shareholder` (identity documents) and `file`. */
export const handler = rawOperation({
  scope: 'files:write',
  idempotent: true,
  handle: async ({ caller, event }) => {
    const { id, purpose, size, type, created_at } = presentFile(await uploadFromForm(caller.scope, await parseMultipart(event, MAX_UPLOAD_BODY_BYTES)));
    return json(201, { object: 'file', id, purpose, size, type, created_at });
  },
});
