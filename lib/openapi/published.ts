import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { besideBundle } from '../docs/beside-bundle';

/**
 * The OpenAPI document as `npm run schemas` wrote it (`docs/openapi.json`), which the staleness test
 * holds byte for byte to what `openApiDocument()` builds from the route table. GET /v1/openapi.json
 * serves this file rather than building the document: building it took every route's contract and
 * zod's JSON Schema converter into the function and ~0.2 s of its first request (docs/decisions.md,
 * "Bundles"). In AWS the file travels beside the function's code in its asset (infra/aws/bundling.ts,
 * `BESIDE_BUNDLE`); as source it is read from the repository.
 */
export const OPENAPI_SOURCE_FILE = 'docs/openapi.json';
/** The file's name beside a bundle. */
export const OPENAPI_FILE = 'openapi.json';

let text: string | undefined;

/** The document as compact JSON, as a JSON body is sent. Read once per process. */
export function publishedOpenApiText(): string {
  if (text === undefined) {
    const file = besideBundle(OPENAPI_FILE) ?? join(dirname(fileURLToPath(import.meta.url)), '..', '..', OPENAPI_SOURCE_FILE);
    text = JSON.stringify(JSON.parse(readFileSync(file, 'utf8')));
  }
  return text;
}
