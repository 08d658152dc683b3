import { publicOperation } from '../../lib/http/public-operation';
import { errorReferencePage } from '../../lib/docs/error-reference';

/** GET /docs/partner/errors: where every envelope's `type` link points. */
export const handler = publicOperation(async () => ({ status: 200, text: errorReferencePage() }));
