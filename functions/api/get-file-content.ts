import { rawOperation } from '../../lib/http/raw-operation';
import { fileContent } from '../../lib/files/file-requests';
import { fileParams } from '../../lib/lifecycle/params';

/** GET /v1/files/{fileID}/content: the file's bytes (or, in AWS, a redirect to a short-lived link). */
export const handler = rawOperation({
  scope: 'files:read',
  params: fileParams,
  handle: async ({ caller, params }) => fileContent(caller.scope, params.fileID),
});
