import { publicOperation } from '../../lib/http/public-operation';
import { serveVerifyPage } from '../../lib/keyless-pages/serve-verify';

/** GET /verify/{session}: the owner's identity upload page. */
export const handler = publicOperation((event) => serveVerifyPage(event));
