import { keylessOperation } from '../../lib/http/keyless-operation';
import { apiReference as contract } from '../../lib/routes/foundation/api-reference';
import { REFERENCE_PAGE_HEADERS, referencePage } from '../../lib/docs/reference-page';

/** GET /docs: the API reference (Redoc over GET /v1/openapi.json), with the error reference beside it. */
export const handler = keylessOperation({
  ...contract,
  handle: async () => ({ status: 200, text: referencePage(), headers: REFERENCE_PAGE_HEADERS }),
});
