import { apiOperation } from '../../lib/http/operation';
import { statusPage as contract } from '../../lib/routes/lifecycle';
import { serveStatus } from '../../lib/keyless-pages/serve-status';

/** GET /status/{token}: the keyless status link (HTML, or JSON with Accept: application/json). */
export const handler = apiOperation({ ...contract, handle: ({ event }) => serveStatus(event) });
