import { publicOperation } from '../../lib/http/public-operation';
import { REFERENCE_PAGE_HEADERS, referencePage } from '../../lib/docs/reference-page';

/** GET /docs: the API reference (Redoc over GET /v1/openapi.json), with the error reference beside it. */
export const handler = publicOperation(async () => ({ status: 200, text: referencePage(), headers: REFERENCE_PAGE_HEADERS }));
