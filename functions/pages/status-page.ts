import { keylessOperation } from '../../lib/http/keyless-operation';
import { statusPage as contract } from '../../lib/routes/lifecycle/status-page';
import { serveStatus } from '../../lib/keyless-pages/serve-status';

/** GET /status/{token}: the keyless status link (HTML, or JSON with Accept: application/json). */
export const handler = keylessOperation({ ...contract, handle: ({ event }) => serveStatus(event) });
