import { apiOperation } from '../../lib/http/operation';
import { getFileContent as contract } from '../../lib/routes/lifecycle/get-file-content';
import { fileContent } from '../../lib/files/file-requests';

/** GET /v1/files/{fileID}/content: the file's bytes (or, in AWS, a redirect to a short-lived link). */
export const handler = apiOperation({
  ...contract,
  handle: async ({ caller, params }) => {
    const content = await fileContent(caller.scope, params.fileID);
    if ('link' in content) return { status: 302, headers: { Location: content.link, 'Cache-Control': 'no-store' } };
    const { bytes, type, filename } = content;
    const headers = {
      'Content-Type': type,
      'Content-Length': String(bytes.length),
      'Content-Disposition': `attachment; filename="${filename}"`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    };
    return { status: 200, headers, bytes };
  },
});
