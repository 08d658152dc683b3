import { keylessOperation } from '../../lib/http/keyless-operation';
import { verifyPage as contract } from '../../lib/routes/lifecycle/verify-page';
import { serveVerifyPage } from '../../lib/keyless-pages/serve-verify';

/** GET /verify/{session}: the owner's identity upload page. */
export const handler = keylessOperation({ ...contract, handle: ({ event }) => serveVerifyPage(event) });
