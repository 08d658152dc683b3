import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import document from '../../../../docs/openapi.json' with { type: 'json' };
import { createMcpServer } from './server';

/**
 * `npm run mcp` (and the package's `partner-api-mcp` bin): the MCP server over stdio.
 *
 *   PARTNER_API_KEY        the key (default: the test key of `npm start`'s .local/credentials.json)
 *   PARTNER_API_BASE_URL   the API (default: that file's base_url, else http://127.0.0.1:3000/v1)
 *   --live                 allow a live key (svc_live_…); without it only test keys are accepted
 *
 * stdout carries the protocol: everything else goes to stderr.
 */
const allowLive = process.argv.includes('--live');
let apiKey = process.env.PARTNER_API_KEY;
let baseUrl = process.env.PARTNER_API_BASE_URL;
const credentialsFile = join(process.env.LOCAL_DIR ?? '.local', 'credentials.json');
if (!apiKey && existsSync(credentialsFile)) {
  const credentials = JSON.parse(readFileSync(credentialsFile, 'utf8')) as { base_url?: string; test_key?: string; live_key?: string };
  apiKey = allowLive ? credentials.live_key : credentials.test_key;
  baseUrl ??= credentials.base_url;
}
if (!apiKey) {
  console.error(
    'partner-api-mcp: set PARTNER_API_KEY to a svc_test_… key (or run `npm start` first, whose .local/credentials.json is read).',
  );
  process.exit(2);
}
try {
  const { server, tools, mode } = createMcpServer({ apiKey, baseUrl, document, allowLive });
  await server.connect(new StdioServerTransport());
  console.error(`partner-api-mcp: ${tools.length} tools, ${mode} mode, ${baseUrl ?? 'the default base URL'}`);
} catch (error) {
  console.error(`partner-api-mcp: ${(error as Error).message}`);
  process.exit(2);
}
