import { apiOperation } from '../../lib/http/operation';
import { uploadFile as contract } from '../../lib/routes/lifecycle/upload-file';
import { MAX_UPLOAD_BODY_BYTES, uploadFromForm } from '../../lib/files/file-requests';
import { parseMultipart } from '../../lib/http/core/multipart';
import { presentFile } from '../../lib/store/entities/file';

/** POST /v1/files: multipart `purpose`, `company`, `shareholder` (identity documents) and `file`. */
export const handler = apiOperation({
  ...contract,
  handle: async ({ caller, event }) => {
    const { id, purpose, size, type, created_at } = presentFile(
      await uploadFromForm(caller.scope, await parseMultipart(event, MAX_UPLOAD_BODY_BYTES)),
    );
    return { status: 201, body: { object: 'file', id, purpose, size, type, created_at } };
  },
});
