import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { PartnerApi } from '../../sdk/node/src/index';
import { toolsFromDocument } from '../../sdk/node/src/mcp/tools';
import { useStackDatabase } from '../support/stack';
import { aFreshPartner } from '../support/partners';
import { anAccount, anOwner, uniqueWord } from '../support/companies';
import { aPdf } from '../support/lifecycle';

/**
 * `npm run mcp` driven by the MCP SDK's own client over stdio, as an MCP client (an agent's host)
 * runs it: it lists the document's partner operations as tools and creates a company through them.
 */
const c = useStackDatabase();
jest.setTimeout(90_000);
const root = join(__dirname, '..', '..');
const doc = JSON.parse(readFileSync(join(root, 'docs', 'openapi.json'), 'utf8'));

let partner: Awaited<ReturnType<typeof aFreshPartner>>;
beforeAll(async () => {
  partner = await aFreshPartner();
});

/** `npm run --silent mcp [-- args]` with this environment (nothing inherited that names another key). */
function mcpEnv(apiKey: string): Record<string, string> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k, v]) => v !== undefined && !k.startsWith('PARTNER_API_')),
  ) as Record<string, string>;
  return { ...env, PARTNER_API_KEY: apiKey, PARTNER_API_BASE_URL: c.base_url, LOCAL_DIR: join(root, '.no-credentials-here') };
}

async function connect(apiKey: string, args: string[] = []) {
  const transport = new StdioClientTransport({
    command: 'npm',
    args: ['run', '--silent', 'mcp', ...(args.length ? ['--', ...args] : [])],
    cwd: root,
    env: mcpEnv(apiKey),
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'partner-api-e2e', version: '1.0.0' });
  await client.connect(transport).catch((error: Error) => {
    throw new Error(`${error.message}; the server said: ${stderr}`);
  });
  return client;
}

describe('npm run mcp with a test key', () => {
  let client: Client;
  beforeAll(async () => {
    client = await connect(partner.testKey);
  });
  afterAll(() => client?.close());

  it('lists the partner operations of the OpenAPI document as tools, sandbox triggers included', async () => {
    const { tools } = await client.listTools();
    const expected = toolsFromDocument(doc, { sandbox: true });
    expect(tools.map((t) => t.name).sort()).toEqual(expected.map((t) => t.name).sort());
    const create = tools.find((t) => t.name === 'createCompany')!;
    expect(create.description).toContain(doc.paths['/companies'].post.summary);
    expect(create.inputSchema).toEqual(expected.find((t) => t.name === 'createCompany')!.inputSchema);
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['sandboxVerifyCompany', 'sandboxIncorporateCompany', 'listEvents']));
    expect(client.getInstructions()).toMatch(/sandbox mode/);
  });

  it('creates a company through the createCompany tool, then reads it through getCompany', async () => {
    const name = `Agent ${uniqueWord()}`;
    const result = await client.callTool({
      name: 'createCompany',
      arguments: { body: { name, state: 'WY', entity_type: 'llc', account: anAccount() } },
    });
    expect(result.isError).toBeFalsy();
    const created = JSON.parse((result.content as { text: string }[])[0].text);
    expect(created).toMatchObject({ object: 'company', name, status: 'requires_information', livemode: false });
    // It exists for the partner, seen through the SDK with the same key.
    expect(await new PartnerApi({ apiKey: partner.testKey, baseUrl: c.base_url }).getCompany({ companyID: created.id })).toMatchObject({
      id: created.id,
      name,
    });
    const read = await client.callTool({ name: 'getCompany', arguments: { companyID: created.id, expand: ['account'] } });
    expect(JSON.parse((read.content as { text: string }[])[0].text)).toMatchObject({ id: created.id, account: { object: 'account' } });
    const events = await client.callTool({
      name: 'listEvents',
      arguments: { company_id: created.id, type_in: 'company.created,company.verified' },
    });
    expect(JSON.parse((events.content as { text: string }[])[0].text).items.map((e: { type: string }) => e.type)).toEqual([
      'company.created',
    ]);
  });

  it('uploads an owner’s identity document from a file path through the uploadFile tool', async () => {
    const upload = (await client.listTools()).tools.find((t) => t.name === 'uploadFile')!;
    expect(upload.description).toMatch(/^Upload a document/);
    expect(upload.inputSchema.required).toEqual(expect.arrayContaining(['purpose', 'company', 'path']));
    const created = await client.callTool({
      name: 'createCompany',
      arguments: {
        body: {
          name: `Agent ${uniqueWord()}`,
          state: 'WY',
          entity_type: 'llc',
          account: anAccount(),
          shareholders: [{ ...anOwner(), main_incorporator: true, ownership_percentage: 100 }],
        },
      },
    });
    const company = JSON.parse((created.content as { text: string }[])[0].text);
    const path = join(mkdtempSync(join(tmpdir(), 'mcp-upload-')), 'passport.pdf');
    writeFileSync(path, aPdf());
    const result = await client.callTool({
      name: 'uploadFile',
      arguments: { purpose: 'identity_document', company: company.id, shareholder: company.shareholders[0].id, path },
    });
    expect(result.isError).toBeFalsy();
    expect(JSON.parse((result.content as { text: string }[])[0].text)).toMatchObject({
      object: 'file',
      purpose: 'identity_document',
      type: 'application/pdf',
    });
    const missing = await client.callTool({
      name: 'uploadFile',
      arguments: { purpose: 'identity_document', company: company.id, path: `${path}.none` },
    });
    expect(missing.isError).toBe(true);
  });

  it('answers a refused call with the API’s envelope as a tool error', async () => {
    const result = await client.callTool({
      name: 'createCompany',
      arguments: { body: { name: 'The Agents', state: 'WY', entity_type: 'llc', account: anAccount() } },
    });
    expect(result.isError).toBe(true);
    const envelope = JSON.parse((result.content as { text: string }[])[0].text);
    expect(envelope).toMatchObject({ status: 400, code: 'invalid_request' });
    expect(envelope.errors.map((e: { location: string }) => e.location)).toContain('$.name');
  });
});

describe('npm run mcp with a live key', () => {
  it('refuses to start without --live', () => {
    const run = spawnSync('npm', ['run', '--silent', 'mcp'], { cwd: root, env: mcpEnv(partner.liveKey), input: '', encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/Refusing a live key.*--live/);
  });

  it('with --live, offers no sandbox trigger', async () => {
    const client = await connect(partner.liveKey, ['--live']);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(
        toolsFromDocument(doc, { sandbox: false })
          .map((t) => t.name)
          .sort(),
      );
      expect(tools.some((t) => t.name.startsWith('sandbox'))).toBe(false);
      expect(client.getInstructions()).toMatch(/LIVE mode/);
    } finally {
      await client.close();
    }
  });
});
