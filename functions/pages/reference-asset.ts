import { keylessOperation } from '../../lib/http/keyless-operation';
import { apiReferenceRenderer as contract } from '../../lib/routes/foundation/reference-asset';
import { redocScript } from '../../lib/docs/reference-assets';

/**
 * GET /docs/assets/redoc.standalone.js: the reference's renderer, served by us (no CDN). The page asks
 * for it with `?v=<hash of its bytes>`, so a browser may keep it for a year.
 */
export const handler = keylessOperation({
  ...contract,
  handle: async ({ event }) => {
    const { text, version } = redocScript();
    const pinned = event.queryStringParameters?.v === version;
    return {
      status: 200,
      text,
      headers: {
        'Content-Type': 'text/javascript; charset=utf-8',
        'Cache-Control': pinned ? 'public, max-age=31536000, immutable' : 'no-cache',
        ETag: `"${version}"`,
        'X-Content-Type-Options': 'nosniff',
      },
    };
  },
});
