import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { PartnerApi } from '../client';
import { ConnectionError, PartnerApiError } from '../errors';
import { SDK_VERSION } from '../version';
import { toolsFromDocument, type ToolDefinition } from './tools';

export type KeyMode = 'test' | 'live';

/** The mode a key works in, from its prefix (spec, Authentication 2); undefined for anything else. */
export function keyMode(apiKey: string): KeyMode | undefined {
  return apiKey.startsWith('svc_test_') ? 'test' : apiKey.startsWith('svc_live_') ? 'live' : undefined;
}

export interface McpServerOptions {
  apiKey: string;
  baseUrl?: string;
  /** The OpenAPI document whose operations become tools. */
  // biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document, walked by key without a schema of its own
  document: Record<string, any>;
  /** A live key is refused unless this is set (`--live`). */
  allowLive?: boolean;
}

/**
 * An MCP server whose tools are the partner operations of the OpenAPI document (tools.ts), each call
 * made through the SDK client (its Idempotency-Key, retries and version pin). Sandbox triggers are
 * offered only with a test key; a live key needs `allowLive`. The low-level `Server` of the MCP SDK,
 * because the input schemas are JSON Schema taken from the document, not zod schemas.
 */
export function createMcpServer(options: McpServerOptions): { server: Server; tools: ToolDefinition[]; mode: KeyMode } {
  const mode = keyMode(options.apiKey);
  if (!mode) throw new Error('The API key must be a svc_test_… (sandbox) or svc_live_… key.');
  if (mode === 'live' && !options.allowLive)
    throw new Error(
      'Refusing a live key (svc_live_…): the server acts on real companies and real billing with it. Pass --live to allow it, or use a svc_test_… key.',
    );
  const client = new PartnerApi({ apiKey: options.apiKey, baseUrl: options.baseUrl });
  const tools = toolsFromDocument(options.document, { sandbox: mode === 'test' });
  const byName = new Map(tools.map((t) => [t.name, t]));

  const server = new Server(
    { name: 'partner-api', version: SDK_VERSION },
    {
      capabilities: { tools: {} },
      instructions:
        mode === 'test'
          ? 'Partner API in sandbox mode (test key): nothing reaches fulfilment or billing. The sandbox* tools move test companies, orders and requirements through their lifecycle and fire the real events.'
          : 'Partner API in LIVE mode: every write acts on real client companies and is billed. Sandbox tools are not offered.',
    },
  );

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: tools.map(({ name, title, description, inputSchema, annotations }) => ({ name, title, description, inputSchema, annotations })),
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const tool = byName.get(request.params.name);
    if (!tool) return failure({ error: `No tool named ${request.params.name}.`, tools: [...byName.keys()] });
    const args = (request.params.arguments ?? {}) as Record<string, unknown>;
    const input: Record<string, unknown> = {};
    const unknown: string[] = [];
    let upload: Record<string, unknown> | undefined;
    if (tool.call.upload) {
      const { path, ...fields } = args;
      if (typeof path !== 'string' || !path) return failure({ error: 'Name the file to upload: path.' });
      try {
        upload = { ...fields, file: new Blob([await readFile(path)]), filename: basename(path) };
      } catch (error) {
        return failure({ error: `Cannot read ${path}: ${(error as Error).message}` });
      }
    }
    for (const [arg, value] of Object.entries(upload ? {} : args)) {
      if (arg === 'body' && tool.call.hasBody) input.body = value;
      else if (tool.call.argNames[arg]) input[tool.call.argNames[arg]] = value;
      else unknown.push(arg);
    }
    if (unknown.length)
      return failure({ error: `Unknown argument(s) ${unknown.join(', ')}.`, arguments: Object.keys(tool.inputSchema.properties) });
    try {
      const { data, status, requestId } = await client.send(
        {
          method: tool.call.method,
          path: tool.call.path,
          pathParams: tool.call.pathParams,
          body: tool.call.upload ? 'multipart' : tool.call.hasBody ? 'json' : 'none',
          response: 'json',
          keyless: false,
        },
        upload ? { body: upload } : input,
      );
      return { content: [{ type: 'text', text: JSON.stringify(data, null, 2) }], _meta: { status, request_id: requestId } };
    } catch (error) {
      if (error instanceof PartnerApiError)
        return failure(error.envelope ?? { status: error.status, code: error.code, title: error.title });
      if (error instanceof TypeError || error instanceof ConnectionError) return failure({ error: error.message });
      throw error;
    }
  });

  return { server, tools, mode };
}

function failure(body: unknown): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(body, null, 2) }] };
}
