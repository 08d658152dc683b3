import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OPENAPI_SHA256, OPERATIONS } from '../../sdk/node/src/generated/operations';
import { SDK_VERSION } from '../../sdk/node/src/version';
import { argumentName, toolsFromDocument } from '../../sdk/node/src/mcp/tools';

/**
 * The SDK and the MCP server are generated from docs/openapi.json; these fail when the document
 * changed and `npm run sdk:generate` (part of `npm run schemas`) was not run, and hold the tools to
 * the document.
 */
const root = join(__dirname, '..', '..');
const openapiText = readFileSync(join(root, 'docs', 'openapi.json'), 'utf8');
const doc = JSON.parse(openapiText);
const generator = join(root, 'sdk', 'node', 'scripts', 'generate.ts');
const tsx = (args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', generator, ...args], { cwd: root, encoding: 'utf8' });

const operations = Object.entries(doc.paths).flatMap(([path, item]: [string, any]) =>
  ['get', 'post', 'put', 'patch', 'delete'].filter((m) => item[m]).map((method) => ({ path, method, op: item[method] })),
);

describe('the generated client', () => {
  it('was generated from the docs/openapi.json in the tree (else: npm run sdk:generate)', () => {
    const sha = createHash('sha256').update(openapiText).digest('hex');
    const stamps = ['openapi.ts', 'operations.ts'].map(
      (f) => /openapi\.json sha256: ([0-9a-f]{64})/.exec(readFileSync(join(root, 'sdk/node/src/generated', f), 'utf8'))?.[1],
    );
    expect({ stamps, OPENAPI_SHA256 }).toEqual({ stamps: [sha, sha], OPENAPI_SHA256: sha });
  });

  it('is exactly what the generator writes now (`sdk:generate --check`)', () => {
    const run = tsx(['--check']);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('the check fails on a changed document, naming the command to run', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sdk-stale-'));
    try {
      const changed = structuredClone(doc);
      changed.paths['/widgets'] = {
        get: { operationId: 'listWidgets', summary: 'A new route', responses: { 200: { description: 'ok' } } },
      };
      writeFileSync(join(dir, 'openapi.json'), JSON.stringify(changed, null, 2));
      const run = tsx(['--check', '--openapi', join(dir, 'openapi.json')]);
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(
        /stale.*sdk\/node\/src\/generated\/openapi\.ts, sdk\/node\/src\/generated\/operations\.ts.*npm run sdk:generate/s,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('has one method per operation of the document, with its method and path', () => {
    expect(Object.keys(OPERATIONS).sort()).toEqual(operations.map((o) => o.op.operationId).sort());
    for (const { path, method, op } of operations)
      expect(OPERATIONS[op.operationId as keyof typeof OPERATIONS]).toMatchObject({ method: method.toUpperCase(), path });
    expect(
      Object.entries(OPERATIONS)
        .filter(([, row]) => row.paged)
        .map(([id]) => id),
    ).toEqual(expect.arrayContaining(['listEvents', 'listCompanies', 'listAccounts', 'listInvoices']));
  });
});

describe('the SDK package', () => {
  const pkg = JSON.parse(readFileSync(join(root, 'sdk/node/package.json'), 'utf8'));

  it('has no runtime dependency (what it uses is bundled) and states its version once', () => {
    expect(pkg.dependencies ?? {}).toEqual({});
    expect(pkg.peerDependencies ?? {}).toEqual({});
    expect(SDK_VERSION).toBe(pkg.version);
  });

  it('a git-tracked file never holds the built output', () => {
    const tracked = execFileSync('git', ['ls-files', 'sdk/node'], { cwd: root, encoding: 'utf8' }).split('\n');
    expect(tracked.filter((f) => f.startsWith('sdk/node/dist/') || f.endsWith('.tgz'))).toEqual([]);
  });
});

describe('the MCP tools', () => {
  const test = toolsFromDocument(doc, { sandbox: true });
  const live = toolsFromDocument(doc, { sandbox: false });

  it('are the partner operations of the document, by operationId; sandbox triggers only for a test key', () => {
    const keyed = operations.filter(({ op }) => (op.security ?? doc.security).length > 0);
    const sandbox = keyed.filter(({ path }) => path.startsWith('/sandbox/'));
    expect(sandbox.length).toBeGreaterThan(10);
    // Left out, as tools.ts says: the bytes of a file (not JSON). The multipart upload is a tool taking a path.
    const notJson = ['getFileContent'];
    expect(test.map((t) => t.name).sort()).toEqual(
      keyed
        .map(({ op }) => op.operationId)
        .filter((id) => !notJson.includes(id))
        .sort(),
    );
    expect(live.map((t) => t.name).sort()).toEqual(
      test
        .filter((t) => !t.call.path.startsWith('/sandbox/'))
        .map((t) => t.name)
        .sort(),
    );
    expect(test.map((t) => t.name)).not.toEqual(expect.arrayContaining(['getOpenApi']));
  });

  it('take their description and input schema from the document', () => {
    for (const tool of test) {
      const { path, method, op } = operations.find((o) => o.op.operationId === tool.name)!;
      // One sentence saying what the tool does (the summary, led by a verb), then the description.
      const summary = String(op.summary).replace(/[.\s]+$/, '');
      expect(tool.description.toLowerCase()).toContain(summary.toLowerCase());
      expect(tool.description).toMatch(/^(Sandbox \(test keys only\): )?[A-Z][a-z-]+\b/);
      expect(tool.description).not.toContain(`${method.toUpperCase()} ${path}.`);
      const detail = String(op.description ?? '').startsWith(`${summary}.`)
        ? String(op.description)
            .slice(summary.length + 1)
            .trim()
        : String(op.description ?? '');
      if (detail) expect(tool.description).toContain(detail);
      expect(tool.call).toMatchObject({ method: method.toUpperCase(), path });
      const params = ((op.parameters ?? []) as { $ref?: string }[])
        .filter((p) => !p.$ref)
        .filter((p) => ['path', 'query'].includes((p as { in: string }).in)) as {
        name: string;
        in: string;
        required?: boolean;
        schema: Record<string, unknown>;
      }[];
      const uploadFields = Object.keys(op.requestBody?.content?.['multipart/form-data']?.schema?.properties ?? {}).filter(
        (f) => f !== 'file',
      );
      expect(Object.keys(tool.inputSchema.properties).sort()).toEqual(
        [
          ...params.map((p) => argumentName(p.name)),
          ...(op.requestBody?.content?.['application/json'] ? ['body'] : []),
          ...(uploadFields.length ? [...uploadFields, 'path'] : []),
        ].sort(),
      );
      for (const p of params) {
        expect(tool.inputSchema.properties[argumentName(p.name)]).toMatchObject(p.schema);
        expect(tool.call.argNames[argumentName(p.name)]).toBe(p.name);
      }
      expect(tool.inputSchema.required).toEqual(expect.arrayContaining(params.filter((p) => p.required).map((p) => argumentName(p.name))));
      // Every $ref is inlined (clients take one self-contained schema), and every property name is one
      // MCP clients accept.
      expect(JSON.stringify(tool.inputSchema)).not.toContain('$ref');
      for (const name of Object.keys(tool.inputSchema.properties)) expect(name).toMatch(/^[a-zA-Z0-9_.-]{1,64}$/);
    }
  });

  it('carry the create-company body schema, with its required fields', () => {
    const create = test.find((t) => t.name === 'createCompany')!;
    expect(create.inputSchema.required).toContain('body');
    expect(create.inputSchema.properties.body.required).toEqual(expect.arrayContaining(['name', 'state', 'entity_type']));
    expect(create.inputSchema.properties.body.properties.state.enum).toContain('WY');
  });

  it('names parameters the MCP way: expand[] → expand, created_at[gte] → created_at_gte', () => {
    expect(['expand[]', 'created_at[gte]', 'type[in]', 'companyID'].map(argumentName)).toEqual([
      'expand',
      'created_at_gte',
      'type_in',
      'companyID',
    ]);
  });
});
