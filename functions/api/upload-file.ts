import { json, rawOperation } from '../../lib/files/raw-operation';
import { uploadFromRequest } from '../../lib/files/file-requests';
import { presentFile } from '../../lib/files/store';

/** POST /v1/files: multipart `purpose`, `company`, `shareholder` (identity documents) and `file`. */
export const handler = rawOperation({
  scope: 'files:write',
  idempotent: true,
  handle: async ({ caller, event }) => {
    const { id, purpose, size, type, created_at } = presentFile(await uploadFromRequest(caller.scope, event));
    return json(201, { object: 'file', id, purpose, size, type, created_at });
  },
});
