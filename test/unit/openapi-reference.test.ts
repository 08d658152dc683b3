import * as z from 'zod';
import { sortParam } from '../../lib/paging/list-query';
import { openApiDocument } from '../../lib/openapi/document';
import { guideMarkdown } from '../../lib/openapi/guide';
import { stageMachineMarkdown } from '../../lib/docs/stage-machine';
import { ERROR_CODES } from '../../lib/errors/error-codes';
import { VALIDATION_TYPES } from '../../lib/errors/validation-types';
import { errorReferencePage } from '../../lib/docs/error-reference';
import { ROUTES } from '../../lib/routes';
import { EXPANDABLE } from '../../lib/companies/params';

const doc = openApiDocument() as {
  servers: { url: string }[];
  paths: Record<string, { servers?: { url: string }[]; [method: string]: unknown }>;
  info: { description: string };
};

describe('the OpenAPI document: where each path answers', () => {
  it('puts every path under the /v1 server but the keyless pages, which name the host root', () => {
    expect(doc.servers.map((s) => s.url)).toEqual(['/v1']);
    const hostRoot = Object.entries(doc.paths)
      .filter(([, item]) => item.servers)
      .map(([path, item]) => [path, item.servers!.map((s) => s.url)]);
    expect(hostRoot).toEqual([
      ['/status/{token}', ['/']],
      ['/verify/{session}', ['/']],
      ['/invoices/hosted/{token}', ['/']],
      ['/docs', ['/']],
      ['/docs/partner/errors', ['/']],
      ['/docs/assets/redoc.standalone.js', ['/']],
    ]);
  });

  it('documents every public page at the host root, the docs pages and the verification form included', () => {
    const pages = ROUTES.filter((r) => r.audience === 'public' && !r.path.startsWith('/v1/'));
    expect(pages.length).toBeGreaterThan(0);
    for (const r of pages) expect(doc.paths[r.path]?.[r.method.toLowerCase() as 'get']).toBeDefined();
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/docs'))).toEqual([
      '/docs',
      '/docs/partner/errors',
      '/docs/assets/redoc.standalone.js',
    ]);
  });
});

describe('the guide the reference opens with', () => {
  it('shows the stage machine and every error code, linked to its entry in the error reference', () => {
    const guide = guideMarkdown();
    expect(doc.info.description).toBe(guide);
    expect(guide).toContain(stageMachineMarkdown());
    for (const code of Object.keys(ERROR_CODES)) expect(guide).toContain(`[\`${code}\`](/docs/partner/errors#${code})`);
  });
});

describe('the error reference beside /docs', () => {
  it('has an entry per code and per validation_type, the one list refusals are checked against', () => {
    const page = errorReferencePage();
    for (const code of Object.keys(ERROR_CODES)) expect(page).toContain(`<tr id="${code}">`);
    for (const type of Object.keys(VALIDATION_TYPES)) expect(page).toContain(`<tr id="validation-${type}"><td><code>${type}</code></td>`);
    expect(page).toContain('such as <code>"state": "DE"</code> or <code>limit=25</code>');
  });
});

describe('the OpenAPI document: list parameters', () => {
  type Parameter = { name: string; in: string; schema: { type?: string; minimum?: number; maximum?: number; enum?: string[] } };
  const paged = Object.entries(doc.paths).flatMap(([path, item]) => {
    const params = (item.get as { parameters?: Parameter[] } | undefined)?.parameters ?? [];
    return params.some((p) => p.name === 'limit' && p.in === 'query') ? [[path, params] as const] : [];
  });

  it('shows limit as the integer 1..100 of the spec on every paged list, and sort by its accepted values', () => {
    // Before, every list but GET /events showed `limit` and `sort` as any string, so the SDK typed them so.
    expect(paged.map(([path]) => path)).toEqual(expect.arrayContaining(['/accounts', '/companies', '/events', '/invoices', '/requests']));
    for (const [path, params] of paged) {
      expect([path, params.find((p) => p.name === 'limit')!.schema]).toEqual([
        path,
        expect.objectContaining({ type: 'integer', minimum: 1, maximum: 100 }),
      ]);
      const sort = params.find((p) => p.name === 'sort');
      if (sort) expect([path, sort.schema.enum]).toEqual([path, expect.arrayContaining(['created_at', '-created_at'])]);
    }
  });
});

describe('sort in the OpenAPI document', () => {
  const schemaOf = (fields: string[]) =>
    z.toJSONSchema(z.object({ sort: sortParam(fields) }), { io: 'input' }).properties!.sort as Record<string, any>;

  it('lists both directions of a single sortable field, and says fields combine when there are several', () => {
    expect(schemaOf(['created_at']).enum).toEqual(['created_at', '-created_at']);
    const several = schemaOf(['created_at', 'name']);
    expect(several.enum).toBeUndefined();
    const pattern = new RegExp(several.pattern);
    for (const ok of ['name', '-created_at,name', 'created_at,-name']) expect(pattern.test(ok)).toBe(true);
    for (const bad of ['', 'id', 'name,', '--name']) expect(pattern.test(bad)).toBe(false);
  });
});

describe('expand[] in the OpenAPI document', () => {
  type Parameter = {
    name: string;
    in: string;
    description?: string;
    schema: { type?: string; items?: { type?: string; enum?: string[] } };
  };
  const expanding = Object.entries(doc.paths).flatMap(([path, item]) =>
    ['get', 'post'].flatMap((method) => {
      const params = (item[method] as { parameters?: Parameter[] } | undefined)?.parameters ?? [];
      const expand = params.find((p) => p.name === 'expand[]' && p.in === 'query');
      return expand ? [[`${method.toUpperCase()} ${path}`, expand] as const] : [];
    }),
  );

  it('lists the values it accepts, so the SDK types them, and the scope each needs', () => {
    // Before, its items were any string and the SDK typed expand[] as string[].
    expect(expanding.map(([op]) => op)).toEqual(
      expect.arrayContaining(['GET /companies', 'POST /companies', 'POST /companies/preview', 'GET /companies/{companyID}']),
    );
    for (const [op, param] of expanding) {
      expect([op, param.schema]).toEqual([op, { type: 'array', items: { type: 'string', enum: [...EXPANDABLE] } }]);
      for (const value of EXPANDABLE) expect([op, param.description]).toEqual([op, expect.stringContaining(`\`${value}\``)]);
    }
  });
});
