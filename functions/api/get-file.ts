import { apiOperation } from '../../lib/http/operation';
import { getFile as contract } from '../../lib/routes/lifecycle/get-file';
import { readableFile } from '../../lib/files/file-requests';
import { presentFile } from '../../lib/store/entities/file';

/** GET /v1/files/{fileID}: a file's record; an identity upload is write-only (resource_missing). */
export const handler = apiOperation({
  ...contract,
  prefetch: (scope, params) => readableFile(scope, params.fileID),
  handle: async ({ caller, params, prefetched }) => ({
    status: 200,
    body: presentFile(await (prefetched ?? readableFile(caller.scope, params.fileID))),
  }),
});
