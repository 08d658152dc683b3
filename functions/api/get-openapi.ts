import { keylessOperation } from '../../lib/http/keyless-operation';
import { getOpenApi as contract } from '../../lib/routes/events/get-openapi';
import { publishedOpenApiText } from '../../lib/openapi/published';

/** GET /v1/openapi.json: no key needed. The document `npm run schemas` wrote (lib/openapi/published.ts). */
export const handler = keylessOperation({
  ...contract,
  handle: async () => ({ status: 200, text: publishedOpenApiText(), headers: { 'Content-Type': 'application/json' } }),
});
