import { keylessOperation } from '../../lib/http/keyless-operation';
import { getOpenApi as contract } from '../../lib/routes/events/get-openapi';
import { openApiDocument } from '../../lib/openapi/document';

let document: Record<string, unknown> | undefined;

/** GET /v1/openapi.json: no key needed. */
export const handler = keylessOperation({
  ...contract,
  handle: async () => {
    document ??= openApiDocument();
    return { status: 200, body: document };
  },
});
