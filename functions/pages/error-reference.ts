import { keylessOperation } from '../../lib/http/keyless-operation';
import { errorReference as contract } from '../../lib/routes/foundation/error-reference';
import { errorReferencePage } from '../../lib/docs/error-reference';

/** GET /docs/partner/errors: where every envelope's `type` link points. */
export const handler = keylessOperation({ ...contract, handle: async () => ({ status: 200, text: errorReferencePage() }) });
