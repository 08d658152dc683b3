import { publicOperation } from '../../lib/http/public-operation';
import { serveStatus } from '../../lib/keyless-pages/serve-status';

/** GET /status/{token}: the keyless status link (HTML, or JSON with Accept: application/json). */
export const handler = publicOperation((event) => serveStatus(event));
