import { eventSchemaFiles } from '../resources/json-schemas';
import { openApiDocument } from './document';
import { ROUTES } from '../routes';

/**
 * Every file `npm run schemas` writes, by path from the repository root, as text. The staleness test
 * compares this with the files on disk. `lib/routes/route-index.json` is the route table's methods, paths
 * and audiences alone, for the fallback function (functions/api/fallback.ts).
 */
export function generatedFiles(): { files: Record<string, string>; skipped: string[] } {
  const text = (json: unknown) => JSON.stringify(json, null, 2) + '\n';
  const { files, skipped } = eventSchemaFiles();
  const out: Record<string, string> = {};
  for (const [path, schema] of Object.entries(files)) out[`events-schema/${path}`] = text(schema);
  out['docs/openapi.json'] = text(openApiDocument());
  out['lib/routes/route-index.json'] = text(ROUTES.map(({ method, path, audience }) => ({ method, path, audience })));
  return { files: out, skipped };
}
