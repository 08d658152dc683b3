import { apiOperation } from '../../lib/http/operation';
import { errorReference as contract } from '../../lib/routes/foundation';
import { errorReferencePage } from '../../lib/docs/error-reference';

/** GET /docs/partner/errors: where every envelope's `type` link points. */
export const handler = apiOperation({ ...contract, handle: async () => ({ status: 200, text: errorReferencePage() }) });
