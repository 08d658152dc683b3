import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { toolsFromDocument } from '../../sdk/node/src/mcp/tools';
import { useStackDatabase } from '../support/stack';
import { aFreshPartner } from '../support/partners';

/**
 * `npm run sdk` packs a tarball that installs into an empty folder without the registry and runs the
 * quick start of sdk/node/README.md, as written there, against the local stack; its declarations
 * type-check a caller on their own; its MCP bin serves the tools.
 */
const c = useStackDatabase();
jest.setTimeout(180_000);
const root = join(__dirname, '..', '..');
let work: string;
let app: string;
let tarball: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'sdk-tarball-'));
  app = join(work, 'app');
  const built = spawnSync('npm', ['run', 'sdk', '--', '--out', work], { cwd: root, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`npm run sdk failed: ${built.stdout}\n${built.stderr}`);
  tarball = join(work, readdirSync(work).find((f) => f.endsWith('.tgz'))!);
  execFileSync('mkdir', [app]);
  // --offline: anything the package needed from the registry would fail the install here.
  execFileSync('npm', ['init', '-y'], { cwd: app, stdio: 'ignore' });
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], { cwd: app, stdio: ['ignore', 'ignore', 'pipe'] });
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

it('installs alone: the package is the only thing in node_modules', () => {
  expect(readdirSync(join(app, 'node_modules')).filter((f) => !f.startsWith('.'))).toEqual(['partner-api-node']);
  const lock = JSON.parse(readFileSync(join(app, 'package-lock.json'), 'utf8'));
  expect(Object.keys(lock.packages).filter((p) => p)).toEqual(['node_modules/partner-api-node']);
  expect(statSync(tarball).size).toBeLessThan(512 * 1024);
});

it('runs the README quick start against the stack', async () => {
  const readme = readFileSync(join(root, 'sdk', 'node', 'README.md'), 'utf8');
  const quickStart = /## Quick start[\s\S]*?```js\n([\s\S]*?)```/.exec(readme)![1];
  expect(quickStart.trim().split('\n')).toHaveLength(5);
  writeFileSync(join(app, 'quickstart.mjs'), quickStart);
  const { testKey } = await aFreshPartner();
  const run = spawnSync(process.execPath, ['quickstart.mjs'], {
    cwd: app,
    encoding: 'utf8',
    env: { ...process.env, PARTNER_API_KEY: testKey, PARTNER_API_BASE_URL: c.base_url },
  });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  const [first, ...events] = run.stdout.trim().split('\n');
  expect(first).toMatch(/^cmp_[0-9A-Za-z]{22} Quick Start \d+ LLC requires_information$/);
  expect(events).toContainEqual(expect.stringMatching(/^company\.created evt_[0-9A-Za-z]{22}$/));
});

it('loads through require() too', () => {
  const out = execFileSync(
    process.execPath,
    ['-e', "const sdk = require('partner-api-node'); console.log(typeof sdk.PartnerApi, typeof sdk.verifyWebhook, sdk.API_VERSION)"],
    { cwd: app, encoding: 'utf8' },
  );
  expect(out.trim()).toMatch(/^function function \d{4}-\d{2}-\d{2}$/);
});

it('its declarations type a caller without any other package', () => {
  writeFileSync(
    join(app, 'check.ts'),
    [
      "import { PartnerApi, verifyWebhook, type Event } from 'partner-api-node';",
      'const client = new PartnerApi({ apiKey: "svc_test_x" });',
      'export const id: Promise<string> = client.getCompany({ companyID: "cmp_x" }).then((c) => c.legal_name ?? c.name);',
      'export const sweep = async () => { for await (const e of client.events.sweep({ since: new Date() })) { const t: string = e.type; return t; } };',
      'export const verified: Event = verifyWebhook({}, "", { secret: "whsec_x" });',
      '// @ts-expect-error companyID is required',
      'client.getCompany({});',
      '// @ts-expect-error state is an enum',
      'client.createCompany({ body: { name: "x", state: "XX", entity_type: "llc" } });',
    ].join('\n'),
  );
  writeFileSync(
    join(app, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        module: 'nodenext',
        moduleResolution: 'nodenext',
        target: 'es2022',
        lib: ['es2023', 'dom'],
        types: [],
      },
      files: ['check.ts'],
    }),
  );
  const tsc = spawnSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', app], { encoding: 'utf8' });
  expect(tsc.stdout).toBe('');
  expect(tsc.status).toBe(0);
});

it('its partner-api-mcp bin serves the tools over stdio', async () => {
  const { testKey } = await aFreshPartner();
  const transport = new StdioClientTransport({
    command: join(app, 'node_modules', '.bin', 'partner-api-mcp'),
    cwd: app,
    env: { PATH: process.env.PATH!, PARTNER_API_KEY: testKey, PARTNER_API_BASE_URL: c.base_url },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'tarball-e2e', version: '1.0.0' });
  await client.connect(transport);
  try {
    const { tools } = await client.listTools();
    const doc = JSON.parse(readFileSync(join(root, 'docs', 'openapi.json'), 'utf8'));
    expect(tools.map((t) => t.name).sort()).toEqual(
      toolsFromDocument(doc, { sandbox: true })
        .map((t) => t.name)
        .sort(),
    );
    const me = await client.callTool({ name: 'getMe', arguments: {} });
    expect(JSON.parse((me.content as { text: string }[])[0].text)).toMatchObject({ object: 'caller', livemode: false });
  } finally {
    await client.close();
  }
});
