import { apiOperation } from '../../lib/http/operation';
import { verifyPage as contract } from '../../lib/routes/lifecycle';
import { serveVerifyPage } from '../../lib/keyless-pages/serve-verify';

/** GET /verify/{session}: the owner's identity upload page. */
export const handler = apiOperation({ ...contract, handle: ({ event }) => serveVerifyPage(event) });
