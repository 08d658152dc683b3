import { publicOperation } from '../../lib/http/public-operation';
import { openApiDocument } from '../../lib/openapi/document';

let document: Record<string, unknown> | undefined;

/** GET /v1/openapi.json: no key needed. */
export const handler = publicOperation(async () => ({ status: 200, body: (document ??= openApiDocument()) }));
