import { apiOperation } from '../../lib/http/api-operation';
import { noQuery } from '../../lib/input';
import { fileParams } from '../../lib/lifecycle/params';
import { readableFile } from '../../lib/files/file-requests';
import { presentFile } from '../../lib/store/entities/file';

/** GET /v1/files/{fileID}: a file's record; an identity upload is write-only (resource_missing). */
export const handler = apiOperation({
  scope: 'files:read',
  params: fileParams,
  query: noQuery,
  handle: async ({ caller, params }) => ({ status: 200, body: presentFile(await readableFile(caller.scope, params.fileID)) }),
});
