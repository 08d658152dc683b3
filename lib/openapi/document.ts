import * as z from 'zod';
import { CURRENT_VERSION } from '../versioning/versions';
import { errorEnvelopeSchema } from '../resources/error-envelope';
import { guideMarkdown } from './guide';
import { SNAPSHOT_SCHEMAS } from '../resources/snapshots';
import { DOCUMENTED_OPERATIONS, type Operation } from '../routes';
import { describeFields } from './describe-fields';
import { PARAMETER_DESCRIPTIONS } from './parameter-descriptions';
import { eventCatalog } from './event-catalog';
import { EVENT_CATALOG_TAG } from '../resources/event';

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
      const { description: own, ...rest } = schema as { description?: string };
      const id = op.operationId ?? op.operation;
      const description = own ?? PARAMETER_DESCRIPTIONS[`${id}.${name}`] ?? PARAMETER_DESCRIPTIONS[name];
      out.push({
        name,
        in: where,
        required: where === 'path' || !(field as z.ZodType).safeParse(undefined).success,
        ...(description ? { description } : {}),
        schema: rest,
      });
    }
  }
  // The headers a partner sends: the version on every keyed call, the Idempotency-Key where it is
  // honoured (or, on the preview, only checked), the account on company creation and its preview.
  if (op.audience !== 'public') out.push({ $ref: '#/components/parameters/ServiceVersion' });
  if (op.idempotent) out.push({ $ref: '#/components/parameters/IdempotencyKey' });
  else if (op.checksIdempotencyKey)
    out.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        'Accepted and checked for its shape only (1 to 255 printable characters): this call writes nothing, so it needs no key and a retry simply runs it again.',
      schema: { type: 'string', minLength: 1, maxLength: 255 },
    });
  if (op.accountHeader) out.push({ $ref: '#/components/parameters/ServiceAccount' });
  return out;
}

/**
 * An operation's description: its own words (else its summary, as a sentence), then what its contract
 * says of every call of it: the scope it needs, test mode only, idempotency, paging.
 */
function describeOperation(op: Operation, scope: string): string {
  const words = op.description ?? `${(op.summary ?? op.operation).replace(/[.\s]*$/, '')}.`;
  const facts = [
    scope !== 'public' && scope !== 'none' ? `Needs a key with the \`${scope}\` scope.` : undefined,
    scope === 'public' ? 'Needs no key.' : undefined,
    op.testModeOnly ? 'Test keys only: a live key gets `test_mode_only` (403).' : undefined,
    op.idempotent && !/Idempotency-Key/.test(words)
      ? 'Honours `Idempotency-Key`: a retry with the same key answers the first result.'
      : undefined,
  ].filter(Boolean);
  return [words, ...facts].join(' ');
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
      description: describeOperation(op, scope),
      tags: [op.tag],
      ...(scope === 'public' ? { security: [] } : {}),
      ...(scope !== 'public' && scope !== 'none' ? { 'x-required-scope': scope } : {}),
      parameters: parameters(op, components),
      // No body is read as `{}` (lib/http/operation-core.ts): a body with no required field may be left out.
      ...(op.body ? { requestBody: { required: !op.body.safeParse({}).success, ...jsonContent(bodySchema(op, components)) } } : {}),
      ...(op.multipart ? { requestBody: multipartBody(op, components) } : {}),
      responses: responses(op, components),
    };
  }
  for (const schema of [errorEnvelopeSchema(), ...Object.values(SNAPSHOT_SCHEMAS())] as z.ZodType[])
    schemaObject(schema, 'output', components);
  // The event catalog: every type the service records, with its exact event (lib/openapi/event-catalog.ts).
  const webhooks = eventCatalog((schema) => schemaObject(schema, 'output', components));
  // Every field described: its own schema's words, else the glossary's (lib/openapi/field-descriptions.ts).
  for (const [id, schema] of Object.entries(components)) describeFields(schema, id);
  for (const item of Object.values(paths))
    for (const operation of Object.values(item) as Json[]) {
      const content = ((operation.requestBody as Json | undefined)?.content ?? {}) as Record<string, Json>;
      for (const media of Object.values(content)) describeFields(media.schema, String(operation.operationId));
    }
  for (const [type, item] of Object.entries(webhooks))
    describeFields(
      (((item as Json).post as Json).requestBody as Json & { content: Record<string, Json> }).content['application/json'].schema,
      type,
    );
  return {
    openapi: '3.1.0',
    info: {
      title: 'Partner Company-Formation API',
      version: CURRENT_VERSION,
      description: guideMarkdown(),
      license: { name: 'Proprietary: for partners under their agreement', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [
      {
        url: '/v1',
        description: 'The partner API ({base_url}); every path below is relative to it, but for the keyless pages at the host root.',
      },
    ],
    security: [{ apiKey: [] }],
    tags: [...new Set([...operations.map((o) => o.tag!), EVENT_CATALOG_TAG])]
      .sort((a, b) => tagRank(a) - tagRank(b))
      .map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? `The ${name.toLowerCase()} operations.` })),
    paths,
    webhooks,
    components: {
      securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'An API key: svc_live_… or svc_test_….' } },
      headers: {
        ServiceVersion: { description: 'The version the request ran on.', schema: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } },
      },
      parameters: {
        ServiceVersion: {
          name: 'Service-Version',
          in: 'header',
          required: false,
          description: `The API version to run this request on (\`YYYY-MM-DD\`); left out, your pinned default (\`GET /me\`'s \`default_api_version\`). The answer echoes the version it ran on.`,
          schema: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', examples: [CURRENT_VERSION] },
        },
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'A key of yours (a UUID, say: 1 to 255 printable characters) that makes a retry safe: for 24 hours the same key with the same request answers the first result without running it again (`Idempotency-Replayed: true`); with a different request it is refused (`idempotency_key_mismatch`).',
          schema: { type: 'string', minLength: 1, maxLength: 255, examples: ['4f1c2e8a-9b7d-4c3e-8f21-0a6b5d9e7c13'] },
        },
        ServiceAccount: {
          name: 'Service-Account',
          in: 'header',
          required: false,
          description:
            "An existing account (`acct_…`) to own the company. Send exactly one of this header or the body's `account` object (which creates the account alongside); both, or neither, is `invalid_request`.",
          schema: { type: 'string', pattern: '^acct_[0-9A-Za-z]{22}$', examples: ['acct_7Hq2Lr9XvB3kTz5NcW1pYd'] },
        },
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
  EVENT_CATALOG_TAG,
  'Requests',
  'Catalog',
  'Account',
  'Meta',
  'Sandbox',
  'Keyless pages',
];
/** What each chapter of the reference holds. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  Companies: 'Client companies: create one (or preview the creation), list them, read one; name availability.',
  Accounts: 'The accounts (incorporators) that own companies.',
  Lifecycle:
    'What a company needs on its way: requirements and their answers, identity documents and files, owner verification, status links.',
  'Service orders': 'Products ordered on a company: their status, quotes, forms and renewals.',
  'Orders and billing': 'Tax filings, the compliance calendar, the fixed-asset register and month-end invoices.',
  Events: 'The event log: every change, in order, the one change feed; webhooks deliver the same events.',
  [EVENT_CATALOG_TAG]:
    "Every event type the service records: when it fires and the exact event delivered (its `data.object`, and on change events `data.previous_attributes`). `GET /events?type=` and an endpoint's `enabled_events` take these types; new types may appear: treat an unknown one as informational.",
  Requests: 'The request log: what your integration sent and what it was answered, kept 7 days.',
  Catalog: 'The products a partner can order, at wholesale prices.',
  Account: 'The caller: the partner, the key, its mode, scopes and versions.',
  Meta: 'This document.',
  Sandbox: 'Test keys only: move sandbox companies, orders and requirements through their lifecycle, firing the real events.',
  'Keyless pages': 'Pages for people, opened from links the API hands out: no API key.',
};
const tagRank = (tag: string) => (TAG_ORDER.includes(tag) ? TAG_ORDER.indexOf(tag) : TAG_ORDER.length);

function sortKeys(o: Json): Json {
  return Object.fromEntries(
    Object.keys(o)
      .sort()
      .map((k) => [k, o[k]]),
  );
}

/** A JSON request body, with the cross-field rules its operation states in JSON Schema (`if`/`then`) as `allOf`. */
function bodySchema(op: Operation, components: Json): Json {
  const schema = schemaObject(op.body!, 'input', components);
  if (!op.bodyConditions?.length) return schema;
  // A body that is a component carries the conditions in the component itself (one place, for every operation that takes it).
  const ref = typeof schema.$ref === 'string' ? schema.$ref.replace('#/components/schemas/', '') : undefined;
  const target = (ref ? components[ref] : schema) as Json;
  const allOf = ((target.allOf as Json[] | undefined) ?? []).filter(
    (c) => !op.bodyConditions!.some((b) => JSON.stringify(b) === JSON.stringify(c)),
  );
  target.allOf = [...allOf, ...op.bodyConditions];
  return schema;
}

/** A multipart body: its text fields from the schema, and `file` as binary. */
function multipartBody(op: Operation, components: Json): Json {
  const fields = schemaObject(op.multipart!, 'input', components) as Json & { properties?: Record<string, Json> };
  const properties = {
    ...fields.properties,
    file: { type: 'string', format: 'binary', description: 'The document’s bytes, with its file name.' },
  };
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          ...fields,
          properties,
          required: [...((fields.required as string[] | undefined) ?? []), 'file'],
          ...(op.bodyConditions?.length ? { allOf: [...op.bodyConditions] } : {}),
        },
        encoding: { file: { contentType: 'application/pdf, image/jpeg, image/png' } },
      },
    },
  };
}
