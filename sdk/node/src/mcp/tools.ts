/**
 * MCP tools from the OpenAPI document: one tool per partner operation, its name the operationId, its
 * description the operation's summary and description, its input schema the operation's path and
 * query parameters and JSON body, all read from the document (nothing per operation is written here).
 *
 * Which operations become tools (docs/decisions.md, "The MCP server"):
 * - operations that need an API key (the keyless status page and the document itself are not partner
 *   operations);
 * - whose success answer is JSON and whose request, if any, is JSON or a multipart upload: an agent
 *   speaks JSON, so file bytes (`getFileContent`) are left out; an upload (`uploadFile`) takes its text
 *   fields and `path`, a file on the machine the server runs on, which the server sends as the `file`;
 * - sandbox triggers (`/sandbox/…`) only when the key is a test key.
 */
// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document, walked by key without a schema of its own
type Json = Record<string, any>;

export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  inputSchema: { type: 'object'; properties: Record<string, Json>; required: string[]; additionalProperties: false };
  annotations: { title: string; readOnlyHint?: boolean; destructiveHint?: boolean; idempotentHint?: boolean; openWorldHint: boolean };
  /** How to call it. */
  call: {
    method: string;
    path: string;
    pathParams: string[];
    /** Tool argument name → the document's parameter name (`type_in` → `type[in]`). */
    argNames: Record<string, string>;
    hasBody: boolean;
    /** A multipart upload: the arguments but `path` are its fields, `path` names the file to send. */
    upload?: boolean;
  };
  sandbox: boolean;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/**
 * A parameter's name as a tool argument: MCP clients (and the models behind them) accept property
 * names of `[a-zA-Z0-9_.-]` only, so `expand[]` → `expand` and `created_at[gte]` → `created_at_gte`.
 */
export function argumentName(parameter: string): string {
  return parameter.replace(/\[\]$/, '').replace(/\[([A-Za-z0-9_]+)\]/g, '_$1');
}

function resolveRef(doc: Json, ref: string): Json | undefined {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .reduce<Json | undefined>((o, k) => o?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
}

/** The schema with every local `$ref` inlined (a reference back into itself is cut to `{}`). */
export function inlineRefs(doc: Json, schema: unknown, trail: string[] = []): unknown {
  if (Array.isArray(schema)) return schema.map((s) => inlineRefs(doc, s, trail));
  if (!schema || typeof schema !== 'object') return schema;
  const { $ref, ...rest } = schema as Json;
  if (typeof $ref === 'string') {
    if (trail.includes($ref)) return { ...rest };
    const target = resolveRef(doc, $ref);
    if (!target) throw new Error(`the document has no ${$ref}`);
    return { ...(inlineRefs(doc, target, [...trail, $ref]) as Json), ...(inlineRefs(doc, rest, trail) as Json) };
  }
  return Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, inlineRefs(doc, v, trail)]));
}

function jsonSuccess(op: Json, doc: Json): boolean {
  return Object.entries<Json>(op.responses ?? {}).some(
    ([status, r]) => /^2\d\d$/.test(status) && (inlineRefs(doc, r) as Json).content?.['application/json'],
  );
}

/** Every tool of the document for a key of this mode. */
export function toolsFromDocument(doc: Json, options: { sandbox: boolean }): ToolDefinition[] {
  const tools: ToolDefinition[] = [];
  for (const [path, item] of Object.entries<Json>(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op?.operationId) continue;
      const keyed = (op.security ?? doc.security ?? []).length > 0;
      const requestBody = op.requestBody ? (inlineRefs(doc, op.requestBody) as Json) : undefined;
      const bodySchema = requestBody?.content?.['application/json']?.schema as Json | undefined;
      const uploadSchema = requestBody?.content?.['multipart/form-data']?.schema as Json | undefined;
      const nonJsonRequest = requestBody ? !bodySchema && !uploadSchema : method === 'post';
      const sandbox = path.startsWith('/sandbox/');
      if (!keyed || nonJsonRequest || !jsonSuccess(op, doc) || (sandbox && !options.sandbox)) continue;

      const properties: Record<string, Json> = {};
      const required: string[] = [];
      const argNames: Record<string, string> = {};
      const pathParams: string[] = [];
      for (const p of [...(item.parameters ?? []), ...(op.parameters ?? [])].map((x: Json) => inlineRefs(doc, x) as Json)) {
        if (p.in !== 'path' && p.in !== 'query') continue;
        const arg = argumentName(p.name);
        if (properties[arg] || arg === 'body') throw new Error(`${op.operationId}: two parameters become the tool argument ${arg}`);
        const where = p.in === 'path' ? 'path parameter' : 'query parameter';
        properties[arg] = {
          ...(p.schema ?? {}),
          description:
            [p.description, arg === p.name ? undefined : `(${where} \`${p.name}\`)`].filter(Boolean).join(' ') || `The ${where} ${p.name}.`,
        };
        argNames[arg] = p.name;
        if (p.in === 'path') pathParams.push(p.name);
        if (p.required) required.push(arg);
      }
      if (bodySchema) {
        properties.body = {
          ...bodySchema,
          description: [bodySchema.description, 'The JSON body of the request.'].filter(Boolean).join(' '),
        };
        if (requestBody?.required && (bodySchema.required?.length ?? 0) > 0) required.push('body');
      }
      if (uploadSchema) {
        for (const [name, field] of Object.entries<Json>(uploadSchema.properties ?? {})) {
          if (name === 'file') continue;
          properties[name] = field;
          argNames[name] = name;
          if ((uploadSchema.required ?? []).includes(name)) required.push(name);
        }
        properties.path = {
          type: 'string',
          description: 'The file to upload: its path on the machine this MCP server runs on (a PDF, JPEG or PNG).',
        };
        required.push('path');
      }
      const title = String(op.summary ?? op.operationId);
      tools.push({
        name: op.operationId,
        title,
        description: toolDescription(op, method, sandbox),
        inputSchema: { type: 'object', properties, required, additionalProperties: false },
        annotations: {
          title,
          ...(method === 'get' ? { readOnlyHint: true, idempotentHint: true } : {}),
          ...(method === 'delete' ? { destructiveHint: true, idempotentHint: true } : {}),
          openWorldHint: false,
        },
        call: { method: method.toUpperCase(), path, pathParams, argNames, hasBody: Boolean(bodySchema), upload: Boolean(uploadSchema) },
        sandbox,
      });
    }
  }
  return tools;
}

/** Summaries that name a thing rather than an act (`One event`, `The request log…`) start with one of these. */
const NOUN_START = /^(A|An|The|One|Every|This|Tax|Month-end|Upcoming|Documents|Requirements|Whether)\b/;
const VERB_OF: Record<string, string> = { get: 'Reads', post: 'Creates', put: 'Replaces', patch: 'Changes', delete: 'Deletes' };

/**
 * A tool's description, written for a model to choose by: one sentence saying what the tool does (the
 * summary, led by a verb), then the operation's own description, which carries the constraints that
 * matter (scope, test mode only, required-if rules, idempotency) (docs/decisions.md, "The MCP server").
 */
export function toolDescription(op: Json, method: string, sandbox: boolean): string {
  const summary = String(op.summary ?? op.operationId).replace(/[.\s]+$/, '');
  const act = NOUN_START.test(summary) ? `${VERB_OF[method]} ${summary[0].toLowerCase()}${summary.slice(1)}` : summary;
  const lead = `${sandbox ? 'Sandbox (test keys only): ' : ''}${act}.`;
  const detail = String(op.description ?? '').trim();
  // The document's description opens with the summary when the operation has no words of its own.
  const rest = detail.startsWith(`${summary}.`) ? detail.slice(summary.length + 1).trim() : detail;
  return [lead, rest].filter(Boolean).join(' ');
}
