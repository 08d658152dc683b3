import * as z from 'zod';
import { CURRENT_VERSION } from '../versioning/versions';
import { errorEnvelopeSchema } from '../resources/error-envelope';
import { guideMarkdown } from './guide';
import { SNAPSHOT_SCHEMAS } from '../resources/snapshots';
import { DOCUMENTED_OPERATIONS, type Operation } from '../routes';

type Json = Record<string, unknown>;
const COMPONENT = (id: string) => `#/components/schemas/${id}`;
/** Where the keyless pages (status links, owner verification) live: the host root, not `/v1`. */
const HOST_ROOT_SERVER = {
  url: '/',
  description: 'The host root: keyless pages for people, opened from links the API hands out (no API key).',
};

/**
 * A zod schema as an OpenAPI 3.1 schema object. Schemas carrying `.meta({id})` become
 * `components/schemas/<id>` and are referenced; only schemas reachable from the operations are
 * included, so the document does not depend on which other modules a process happened to load. An
 * `id` whose input shape differs from its output shape gets a second component, `<id>Input`.
 */
function schemaObject(schema: z.ZodType, io: 'input' | 'output', components: Json): Json {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Json;
  delete json.$schema;
  const defs = (json.$defs as Record<string, Json> | undefined) ?? {};
  delete json.$defs;
  const rename: Record<string, string> = Object.fromEntries(Object.keys(defs).map((n) => [n, n]));
  const rewrite = (value: Json): Json =>
    JSON.parse(
      JSON.stringify(value).replace(/"#\/\$defs\/([^"]+)"/g, (_m, name: string) => `"#/components/schemas/${rename[name] ?? name}"`),
    );
  // Compare each def as it would be registered (its refs rewritten): a def differs from the component
  // of its name when its own shape differs or a def it refers to was renamed; repeat until stable.
  for (let changed = true; changed; ) {
    changed = false;
    for (const [name, def] of Object.entries(defs)) {
      if (rename[name] !== name || components[name] === undefined) continue;
      if (JSON.stringify(components[name]) !== JSON.stringify(rewrite(def))) {
        rename[name] = `${name}Input`;
        changed = true;
      }
    }
  }
  for (const [name, def] of Object.entries(defs)) components[rename[name]] ??= rewrite(def);
  return rewrite(json);
}

function parameters(op: Operation, components: Json): Json[] {
  const out: Json[] = [];
  for (const [where, shape] of [
    ['path', shapeOf(op.params)],
    ['query', shapeOf(op.query)],
  ] as const) {
    for (const [name, field] of Object.entries(shape ?? {})) {
      const schema = schemaObject(field as z.ZodType, 'input', components);
      const { description, ...rest } = schema as { description?: string };
      out.push({
        name,
        in: where,
        required: where === 'path' || !(field as z.ZodType).safeParse(undefined).success,
        ...(description ? { description } : {}),
        schema: rest,
      });
    }
  }
  return out;
}

const jsonContent = (schema: Json) => ({ content: { 'application/json': { schema } } });

function responses(op: Operation, components: Json): Json {
  const out: Json = {};
  const scope = scopeOf(op);
  for (const [status, r] of Object.entries(op.responses ?? {})) {
    out[status] = {
      description: r.description,
      ...(scope !== 'public' ? { headers: { 'Service-Version': { $ref: '#/components/headers/ServiceVersion' } } } : {}),
      ...(r.schema ? jsonContent(schemaObject(typeof r.schema === 'function' ? r.schema() : r.schema, 'output', components)) : {}),
    };
  }
  const error = (description: string) => ({ description, ...jsonContent({ $ref: COMPONENT('Error') }) });
  const statuses = new Set([...(scope === 'public' ? [] : [400, 401, 403, 429]), ...(op.errors ?? [])]);
  const named: Record<number, string> = {
    400: 'invalid_request or invalid_api_version',
    401: 'api_key_invalid or api_key_expired',
    402: 'billing_account_inactive or entitlement_required',
    403: 'insufficient_scope, ip_address_not_allowed or test_mode_only',
    404: 'resource_missing',
    409: 'resource_already_exists or idempotency_key_in_use',
    413: 'request_too_large',
    422: 'idempotency_key_mismatch',
    429: 'rate_limit (with Retry-After)',
  };
  for (const s of [...statuses].sort()) out[s] = error(named[s] ?? 'Error');
  out.default = error('Any other error (api_error, method_not_allowed…)');
  return out;
}

/** The scope a key needs: `'none'`, any valid key; `'public'`, no key at all. */
function scopeOf(op: Operation): string {
  return op.audience === 'public' ? 'public' : (op.scope ?? 'none');
}

/** The fields of an object schema (its path or query parameters). */
function shapeOf(schema: z.ZodType | undefined): Record<string, z.ZodType> | undefined {
  return schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : undefined;
}

/**
 * The OpenAPI 3.1 document of the whole API, generated from the operations of the route table
 * (lib/routes/: the same contracts and zod schemas the handlers validate with) and the resources they
 * answer with. Served at GET /v1/openapi.json and kept in docs/openapi.json (npm run schemas; a test
 * fails when stale).
 */
export function openApiDocument(operations: Operation[] = DOCUMENTED_OPERATIONS): Json {
  const components: Json = {};
  const paths: Record<string, Json> = {};
  // Components no operation names directly: the error envelope (every error answer refers to it) and
  // the resources events embed (their exact per-type schemas are in events-schema/).
  for (const op of operations) {
    // Paths are relative to {base_url} (`/v1`); the keyless pages live at the host root, outside it,
    // so their path item names its own server (OpenAPI 3.1 path-level `servers`).
    const underBase = op.path.startsWith('/v1/');
    const path = underBase ? op.path.slice('/v1'.length) : op.path;
    paths[path] ??= underBase ? {} : { servers: [HOST_ROOT_SERVER] };
    const scope = scopeOf(op);
    paths[path][op.method.toLowerCase()] = {
      operationId: op.operationId ?? op.operation,
      summary: op.summary,
      ...(op.description ? { description: op.description } : {}),
      tags: [op.tag],
      ...(scope === 'public' ? { security: [] } : {}),
      ...(scope !== 'public' && scope !== 'none' ? { 'x-required-scope': scope } : {}),
      parameters: parameters(op, components),
      ...(op.body ? { requestBody: { required: true, ...jsonContent(schemaObject(op.body, 'input', components)) } } : {}),
      responses: responses(op, components),
    };
  }
  for (const schema of [errorEnvelopeSchema(), ...Object.values(SNAPSHOT_SCHEMAS())] as z.ZodType[])
    schemaObject(schema, 'output', components);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Partner Company-Formation API',
      version: CURRENT_VERSION,
      description: guideMarkdown(),
    },
    servers: [
      {
        url: '/v1',
        description: 'The partner API ({base_url}); every path below is relative to it, but for the keyless pages at the host root.',
      },
    ],
    security: [{ apiKey: [] }],
    tags: [...new Set(operations.map((o) => o.tag!))].sort((a, b) => tagRank(a) - tagRank(b)).map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'An API key: svc_live_… or svc_test_….' } },
      headers: {
        ServiceVersion: { description: 'The version the request ran on.', schema: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } },
      },
      schemas: sortKeys(components),
    },
  };
}

/** The reference's chapters in the order a partner meets them; an area's new tag goes last. */
const TAG_ORDER = [
  'Companies',
  'Accounts',
  'Lifecycle',
  'Service orders',
  'Orders and billing',
  'Events',
  'Requests',
  'Catalog',
  'Account',
  'Meta',
  'Sandbox',
  'Keyless pages',
];
const tagRank = (tag: string) => (TAG_ORDER.includes(tag) ? TAG_ORDER.indexOf(tag) : TAG_ORDER.length);

function sortKeys(o: Json): Json {
  return Object.fromEntries(
    Object.keys(o)
      .sort()
      .map((k) => [k, o[k]]),
  );
}
