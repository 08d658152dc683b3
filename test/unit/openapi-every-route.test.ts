import { ROUTES } from '../../lib/routes';
import { openApiDocument } from '../../lib/openapi/document';

/**
 * Every route a partner or a stranger can reach (the partner API and the public pages: all but the
 * dashboard's, which is no API of partners' integrations) is in the OpenAPI document, under its path
 * (relative to `/v1`, or at the host root) and method.
 */
it('documents every served route outside the dashboard', () => {
  const paths = openApiDocument().paths as Record<string, Record<string, unknown>>;
  const missing = ROUTES.filter((r) => r.audience !== 'dashboard')
    .map((r) => ({ method: r.method.toLowerCase(), path: r.path.startsWith('/v1/') ? r.path.slice('/v1'.length) : r.path }))
    .filter(({ method, path }) => !paths[path]?.[method])
    .map(({ method, path }) => `${method.toUpperCase()} ${path}`);
  expect(missing).toEqual([]);
});
