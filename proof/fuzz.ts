import { request, Agent } from 'node:http';
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { ROUTES, type Route } from '../lib/routes';
import { ERROR_CODES, type ErrorCode } from '../lib/errors';
import { envelopeProblem } from './envelope';

/**
 * `npm run fuzz`: hostile requests against every route of the route table (API, dashboard, keyless
 * pages), by class (docs/decisions.md, "Hostile input at the edges"):
 * - `random`: property-based (fast-check): wrong types, huge and deep bodies, unicode edge cases,
 *   injection strings, bad ids, bad cursors, bad versions, header abuse;
 * - `prototype-keys`: `__proto__`, `constructor`, `prototype` and paths through them as header names,
 *   query parameter names, body keys (top level and nested), metadata keys, form field and part names;
 * - `bad-escapes`: malformed percent-encoding (`%`, `%zz`, a truncated UTF-8 escape…) in every path
 *   parameter, in literal segments and in the query;
 * - `deep-nesting`: JSON nested 10,000 levels (arrays, objects, inside metadata);
 * - `oversized`: bodies just over the route's own limit, over the 6 MB a function receives and over
 *   the gateway's 10 MB.
 * - `error-floods`: one small request that is wrong in thousands of places: up to 20,000 unknown keys
 *   (as many as the route's own limit takes), a list of 2,000 wrong entries, 500 unknown query
 *   parameters;
 * - `slow-patterns`: the patterns that backtrack without end on a backtracking engine (`(a|a)*$`, …)
 *   wherever a body may carry a pattern, long inputs that would make them backtrack in every string and
 *   query value, and on a real sandbox requirement, one form field per pattern answered with 1,999
 *   characters built to backtrack (the form's patterns run on RE2: docs/decisions.md).
 * Properties, per class: never a 5xx; every JSON error is the spec's envelope with a known code and its
 * own status; every HTML error a page of ours; no error answer over 256 KB or with more than 20 entries
 * in `errors`; a route refused for every request of a class changed nothing (the partner's event log,
 * and the dashboard's keys, endpoints and settings); metadata that was accepted comes back verbatim.
 * Each class's slowest answer is reported as a figure, never asserted (a loaded machine is slow).
 */
export const FUZZ_CLASSES = [
  'random',
  'prototype-keys',
  'bad-escapes',
  'deep-nesting',
  'oversized',
  'error-floods',
  'slow-patterns',
] as const;
export type FuzzClass = (typeof FUZZ_CLASSES)[number];

/** Names that are special on a plain JavaScript object, and paths through them. */
export const PROTOTYPE_NAMES = [
  '__proto__',
  'constructor',
  'prototype',
  'constructor.prototype',
  '__proto__.polluted',
  'toString',
  'hasOwnProperty',
];
/** Malformed percent-encoding: a lone `%`, non-hex digits, a truncated UTF-8 sequence, overlong UTF-8, `%u`. */
export const BAD_ESCAPES = ['%', '%zz', '%E2%82', '%C0%AF', '%%41', '%u0041', '%ZZ%'];
const DEEP = 10_000;
/** The patterns that backtrack without end on JavaScript's RegExp, each with the character that feeds it. */
export const SLOW_PATTERNS: [pattern: string, feed: string][] = [
  ['(a|a)*$', 'a'],
  ['^(\\d|\\d\\d)*$', '1'],
  ['\\d*\\d*\\d*\\d*\\d*x', '1'],
  ['(a+)+$', 'a'],
  ['^(a|aa)+$', 'a'],
  ['(.*a){12}', 'a'],
];
/** The most an error answer may weigh, and the most entries its `errors` may list (docs/guide/security.md). */
export const ERROR_ANSWER_MAX_BYTES = 256 * 1024;
export const ERRORS_MAX_ENTRIES = 20;
const MB = 1024 * 1024;

/** Metadata whose every key is a prototype name, nested too, as JSON text (key order is part of "verbatim"). */
export const HOSTILE_METADATA = `{${PROTOTYPE_NAMES.map((k, i) => `"${k}":${i % 2 ? `"${k}"` : `{"${k}":{"__proto__":{"polluted":${i}}}}`}`).join(',')}}`;

export interface Finding {
  route: string;
  class: FuzzClass;
  status: number;
  request: string;
  body: string;
}

export interface ClassFigures {
  requests: number;
  serverErrors: number;
  malformed: number;
  stateChanges: number;
  metadataLost: number;
  /** Error answers over ERROR_ANSWER_MAX_BYTES, or listing more than ERRORS_MAX_ENTRIES errors. */
  oversizeErrors: number;
  /** The largest error answer, in bytes, and the slowest answer, in ms (figures, not properties). */
  largestError: number;
  slowestMs: number;
  statuses: Record<string, number>;
}

export interface FuzzReport {
  requests: number;
  routes: number;
  byClass: Record<FuzzClass, ClassFigures>;
  serverErrors: Finding[];
  /** Error answers that are not the envelope (JSON) or one of our pages (HTML), or no answer at all. */
  badEnvelopes: Finding[];
  /** `route (class)`: every request of the class was refused, yet state changed. */
  stateChanges: string[];
  /** Accepted metadata that did not come back verbatim. */
  metadataLost: Finding[];
  /** Error answers over 256 KB or with more than 20 entries in `errors`. */
  oversizeErrors: Finding[];
  /** Real sandbox forms made with a slow pattern each (those RE2 runs), whose fulfil was then fuzzed. */
  slowForms: number;
  /** Accepted metadata that came back verbatim (it must be some: the creation routes accept it). */
  metadataKept: number;
}

export interface FuzzOptions {
  origin: string;
  /** A test key of the partner whose event log is watched. */
  key: string;
  /** Properties of the `random` class per route. */
  runsPerRoute: number;
  seed?: number;
  routes?: Route[];
  /** A fresh dashboard session of the same partner (token, CSRF token): dashboard routes run signed in. */
  dashboardSession?: () => Promise<{ token: string; csrf: string }>;
  /**
   * The short form (in `npm test`): every class on every route, each in a few requests that combine its
   * cases (all prototype names in one request, every parameter malformed at once…), the over-6-MB and
   * over-10-MB bodies on three routes, and the state compared once per route.
   */
  short?: boolean;
}

interface Probe {
  method: string;
  /** Path and query exactly as sent. */
  target: string;
  headers: Record<string, string>;
  body?: Buffer | string;
  /** The metadata text sent, to check the answer keeps it verbatim. */
  metadata?: string;
}

interface Answer {
  status: number;
  contentType: string;
  retryAfter: string | null;
  text: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: 8 });

function send(origin: URL, probe: Probe): Promise<Answer> {
  const body = probe.body === undefined ? undefined : Buffer.isBuffer(probe.body) ? probe.body : Buffer.from(probe.body, 'utf8');
  return new Promise((resolve) => {
    const fail = (error: Error) => resolve({ status: 0, contentType: '', retryAfter: null, text: `no answer: ${error.message}` });
    try {
      const req = request(
        {
          agent,
          host: origin.hostname,
          port: origin.port,
          method: probe.method,
          path: probe.target,
          headers: { ...probe.headers, ...(body ? { 'Content-Length': String(body.length) } : {}) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (d: Buffer) => chunks.push(d));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              contentType: String(res.headers['content-type'] ?? ''),
              retryAfter: (res.headers['retry-after'] as string | undefined) ?? null,
              text: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          res.on('error', fail);
        },
      );
      req.on('error', fail);
      req.end(body);
    } catch (error) {
      fail(error as Error);
    }
  });
}

type Kind = 'partner' | 'dashboard-json' | 'dashboard-page' | 'public';
const kindOf = (route: Route): Kind =>
  route.path.startsWith('/dashboard/api/')
    ? 'dashboard-json'
    : route.path.startsWith('/dashboard')
      ? 'dashboard-page'
      : route.path.startsWith('/v1') && route.audience === 'partner'
        ? 'partner'
        : 'public';

type Encoding = 'json' | 'form' | 'multipart';
/** How the route takes a body: uploads are multipart, dashboard pages take forms, the rest JSON. */
const encodingOf = (route: Route): Encoding =>
  (route.maxBodyBytes ?? 0) > 256 * 1024 ? 'multipart' : kindOf(route) === 'dashboard-page' ? 'form' : 'json';
const CONTENT_TYPE: Record<Encoding, string> = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
  multipart: 'multipart/form-data; boundary=fuzzbound',
};
/** The largest body the route's own function accepts. */
const ownLimit = (route: Route): number => route.maxBodyBytes ?? (kindOf(route).startsWith('dashboard') ? 64 * 1024 : 256 * 1024);

const word = () => [...randomBytes(10)].map((b) => 'abcdefghijklmnopqrstuvwxyz'[b % 26]).join('');
/** A body the route would accept (as far as the fuzz knows), as JSON text without its closing brace. */
function plausibleJsonOpen(route: Route): string {
  const account = `{"first_name":"Ada","last_name":"Lovelace","email":"fuzz.${word()}@example.com"`;
  if (route.method === 'POST' && route.path === '/v1/accounts') return account;
  if (route.method === 'POST' && route.path === '/v1/companies')
    return `{"name":"Fuzz ${word()}","state":"WY","entity_type":"llc","account":${account}}`;
  return '{';
}
const withMembers = (open: string, members: string) => `${open}${open.endsWith('{') ? '' : ','}${members}}`;

function multipart(parts: [name: string, value: string][]): string {
  return (
    parts.map(([name, value]) => `--fuzzbound\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join('') +
    '--fuzzbound--\r\n'
  );
}

/** The route's path with its i-th parameter replaced by `values(i)`, as is (not encoded). */
function filled(route: Route, values: (i: number) => string): string {
  let i = 0;
  return route.path.replace(/\{\w+\}/g, () => values(i++));
}
const params = (route: Route) => (route.path.match(/\{\w+\}/g) ?? []).length;

/** The deterministic probes of one class for one route (fewer, each combining cases, in the short form). */
function probesOf(cls: Exclude<FuzzClass, 'random'>, route: Route, gatewaySized: boolean, short: boolean, fixtures: Fixtures): Probe[] {
  const base = filled(route, () => 'x');
  const encoding = encodingOf(route);
  const body = (json: string, form: string, parts: [string, string][]): Pick<Probe, 'body' | 'headers'> =>
    encoding === 'json'
      ? { body: json, headers: { 'Content-Type': CONTENT_TYPE.json } }
      : encoding === 'form'
        ? { body: form, headers: { 'Content-Type': CONTENT_TYPE.form } }
        : { body: multipart(parts), headers: { 'Content-Type': CONTENT_TYPE.multipart } };
  const probe = (p: Partial<Probe>): Probe => ({ method: route.method, target: base, headers: {}, ...p });
  switch (cls) {
    case 'prototype-keys': {
      const out: Probe[] = [];
      const headerNames = ['__proto__', 'constructor', 'prototype', 'constructor.prototype'];
      if (short)
        out.push(
          probe({
            target: `${base}?${PROTOTYPE_NAMES.map((n) => `${n}=1&${n}=2`).join('&')}`,
            headers: Object.fromEntries(headerNames.map((n) => [n, 'polluted'])),
          }),
        );
      else {
        for (const name of headerNames) out.push(probe({ headers: { [name]: 'polluted' } }));
        for (const name of PROTOTYPE_NAMES) out.push(probe({ target: `${base}?${name}=1&${name}=2` }));
        out.push(probe({ target: `${base}?__proto__[polluted]=1&constructor[prototype][polluted]=1` }));
      }
      const hostileMembers = `"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"prototype":{"polluted":true}`;
      const form = `${PROTOTYPE_NAMES.map((n) => `${encodeURIComponent(n)}=polluted`).join('&')}&__proto__=again`;
      const parts = PROTOTYPE_NAMES.map((n) => [n, 'polluted'] as [string, string]);
      const nested = `"account":{${hostileMembers}},"options":{"constructor":"x","__proto__":"y"},"answers":{"__proto__":"x","toString":"y"},"service_options":{"__proto__":{"tier":"growth"},"constructor":{"prototype":"x"}}`;
      if (short) out.push(probe(body(withMembers(plausibleJsonOpen(route), `${hostileMembers},${nested}`), form, parts)));
      else
        out.push(probe(body(withMembers(plausibleJsonOpen(route), hostileMembers), form, parts)), probe(body(`{${nested}}`, form, parts)));
      // Metadata where it is taken (the creation routes) or, in the full form, on every route.
      const plausible = plausibleJsonOpen(route);
      if (!short || plausible !== '{')
        out.push({
          ...probe(
            body(withMembers(plausible, `"metadata":${HOSTILE_METADATA}`), `metadata=${encodeURIComponent(HOSTILE_METADATA)}`, [
              ['metadata', HOSTILE_METADATA],
            ]),
          ),
          metadata: encoding === 'json' ? HOSTILE_METADATA : undefined,
        });
      return out;
    }
    case 'bad-escapes': {
      const out: Probe[] = [];
      if (short) {
        // Every parameter malformed at once, a different escape each; the rest in one more request.
        if (params(route)) out.push(probe({ target: filled(route, (j) => BAD_ESCAPES[(j + 1) % BAD_ESCAPES.length]) }));
        out.push(probe({ target: `${base}/%E2%82?%zz=1&limit=%E2%82&%=%` }));
        return out;
      }
      for (let i = 0; i < params(route); i++)
        for (const bad of BAD_ESCAPES) out.push(probe({ target: filled(route, (j) => (j === i ? bad : 'x')) }));
      out.push(probe({ target: `${base}/%E2%82` }));
      const segments = base.split('/');
      const literal = route.path.split('/').findLastIndex((part) => part !== '' && !part.startsWith('{'));
      if (literal > 0) out.push(probe({ target: segments.map((part, i) => (i === literal ? `%zz${part.slice(1)}` : part)).join('/') }));
      out.push(probe({ target: `${base}?%zz=1&limit=%E2%82&%=%` }));
      return out;
    }
    case 'deep-nesting': {
      const arrays = '['.repeat(DEEP) + ']'.repeat(DEEP);
      const objects = '{"a":'.repeat(DEEP) + '1' + '}'.repeat(DEEP);
      const inMetadata = withMembers(plausibleJsonOpen(route), `"metadata":{"deep":${'['.repeat(DEEP)}${']'.repeat(DEEP)}}`);
      const deepBodies = short ? [plausibleJsonOpen(route) === '{' ? arrays : inMetadata] : [arrays, objects, inMetadata];
      const out = deepBodies.map((json) => probe({ body: json, headers: { 'Content-Type': CONTENT_TYPE.json } }));
      if (encoding !== 'json' && !short) out.push(probe(body(inMetadata, `${'a['.repeat(DEEP)}=1`, [['deep', objects]])));
      return out;
    }
    case 'oversized': {
      const over = (bytes: number) => {
        const pad = 'x'.repeat(bytes);
        return probe(body(withMembers(plausibleJsonOpen(route), `"name":"${pad}"`), `name=${pad}`, [['file', pad]]));
      };
      const out = [over(ownLimit(route) + 1)];
      if (gatewaySized) out.push(over(6 * MB + 1), over(10 * MB + 1));
      return out;
    }
    case 'error-floods': {
      // As many unknown keys as fit the route's own limit (at most 20,000), so the body is read and refused on its content.
      const keys = Math.min(20_000, Math.floor((ownLimit(route) - 1024) / 12));
      const unknown = Array.from({ length: keys }, (_, i) => `"k${i}":1`).join(',');
      const wrongEntries = `"shareholders":[${Array.from({ length: 2_000 }, () => '{"ownership_percentage":"x"}').join(',')}]`;
      const form = Array.from({ length: keys }, (_, i) => `k${i}=1`).join('&');
      const parts = Array.from({ length: Math.min(keys, 2_000) }, (_, i) => [`k${i}`, '1'] as [string, string]);
      const queryFlood = Array.from({ length: 500 }, (_, i) => `q${i}=1`).join('&');
      const out = [probe(body(withMembers(plausibleJsonOpen(route), unknown), form, parts)), probe({ target: `${base}?${queryFlood}` })];
      if (!short || encoding === 'json')
        out.push(probe({ body: withMembers(plausibleJsonOpen(route), wrongEntries), headers: { 'Content-Type': CONTENT_TYPE.json } }));
      return out;
    }
    case 'slow-patterns': {
      const feeds = SLOW_PATTERNS.map(([, feed]) => `${feed.repeat(1_999)}!`);
      const patterns = SLOW_PATTERNS.map(([pattern]) => pattern);
      const fields = patterns.map((pattern, i) => ({
        key: `f${i}`,
        field_name: `Field ${i}`,
        field_type: 'text',
        validation: { pattern },
      }));
      const json = withMembers(
        plausibleJsonOpen(route),
        `"pattern":${JSON.stringify(patterns[0])},"validation":{"pattern":${JSON.stringify(patterns[1])}},"type":"form","form":{"title":"Slow","fields":${JSON.stringify(fields)}},"answers":${JSON.stringify(Object.fromEntries(feeds.map((f, i) => [`f${i}`, f])))},"description":${JSON.stringify(feeds[0])}`,
      );
      const form = feeds.map((f, i) => `f${i}=${encodeURIComponent(f)}`).join('&');
      const out = [
        probe(
          body(
            json,
            form,
            feeds.map((f, i) => [`f${i}`, f] as [string, string]),
          ),
        ),
        probe({
          target: `${base}?type=${encodeURIComponent(feeds[0])}&name=${encodeURIComponent(feeds[1])}&q=${encodeURIComponent(patterns[0])}`,
        }),
      ];
      // A real form whose every field carries one of the patterns, answered to backtrack.
      if (route.method === 'POST' && route.path === '/v1/requirements/{requirementID}/fulfill')
        for (const [id, answer] of fixtures.slowRequirements)
          out.push(
            probe({
              target: filled(route, () => id),
              body: JSON.stringify({ answers: { code: answer } }),
              headers: { 'Content-Type': CONTENT_TYPE.json },
            }),
          );
      if (route.method === 'POST' && route.path === '/v1/sandbox/companies/{companyID}/requirements' && fixtures.companyId)
        out.push(
          probe({
            target: filled(route, () => fixtures.companyId!),
            body: JSON.stringify({ type: 'form', form: { title: 'Slow', fields } }),
            headers: { 'Content-Type': CONTENT_TYPE.json },
          }),
        );
      return out;
    }
  }
}

/** What some probes need to exist first: a company of the fuzzed partner, and requirements with a slow pattern each. */
interface Fixtures {
  companyId?: string;
  /** Each requirement's id and the answer built to make its pattern backtrack. */
  slowRequirements: [id: string, answer: string][];
}

async function prepareFixtures(origin: URL, keyHeader: Record<string, string>): Promise<Fixtures> {
  const json = { ...keyHeader, 'Content-Type': CONTENT_TYPE.json };
  const created = await send(origin, {
    method: 'POST',
    target: '/v1/companies',
    headers: json,
    body: `${plausibleJsonOpen(ROUTE_COMPANIES)}}`,
  });
  if (created.status !== 201) throw new Error(`the fuzz could not create its company (${created.status}): ${created.text.slice(0, 300)}`);
  const companyId = (JSON.parse(created.text) as { id: string }).id;
  const slowRequirements: [string, string][] = [];
  for (const [pattern, feed] of SLOW_PATTERNS) {
    const fields = [{ key: 'code', field_name: 'Code', field_type: 'text', required: true, validation: { pattern } }];
    const opened = await send(origin, {
      method: 'POST',
      target: `/v1/sandbox/companies/${companyId}/requirements`,
      headers: json,
      body: JSON.stringify({ type: 'form', form: { title: 'Slow', fields } }),
    });
    // A pattern RE2 cannot run is refused when the field is made; those that run are answered below.
    if (opened.status === 201) slowRequirements.push([(JSON.parse(opened.text) as { id: string }).id, `${feed.repeat(1_999)}!`]);
  }
  return { companyId, slowRequirements };
}
const ROUTE_COMPANIES = { method: 'POST', path: '/v1/companies' } as Route;

const nasty = fc.oneof(
  fc.constantFrom(
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as plain text
    '${7*7}',
    '../../etc/passwd',
    '\u0000',
    '\uD800',
    '🏳️‍🌈',
    'Ω≈ç√',
    '\u202E',
    'null',
    '-1',
    '1e309',
    '__proto__',
    'constructor',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 300 }),
);
const deep = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    fc.constant(1),
    fc.array(tie('node'), { maxLength: 2 }),
    fc.dictionary(nasty, tie('node'), { maxKeys: 2 }),
  ),
})).node;
const randomBody = fc.oneof(
  fc.anything(),
  fc.dictionary(
    fc.constantFrom(
      'name',
      'state',
      'entity_type',
      'account',
      'answers',
      'product_key',
      'options',
      'kind',
      'year',
      'url',
      'stage',
      'title',
      'type',
      'metadata',
      '__proto__',
    ),
    fc.oneof(nasty, fc.anything(), deep),
  ),
  deep,
  fc.constant('{"unterminated": '),
  fc.constant('x'.repeat(300 * 1024)),
  fc.constant(JSON.stringify(Array.from({ length: 5000 }, () => ({ a: [[[[[[1]]]]]] })))),
);
const pathValue = fc.oneof(
  nasty,
  fc.constantFrom('cmp_0000000000000000000000', 'cmp_short', 'evt_' + 'Z'.repeat(22), '%00', '..', '9'.repeat(400)),
);
const query = fc.dictionary(
  fc.constantFrom(
    'limit',
    'after',
    'before',
    'sort',
    'type',
    'type[in]',
    'type[nin]',
    'company_id',
    'company_id[in]',
    'created_at',
    'created_at[gte]',
    'expand[]',
    'status',
    'account_id',
    'zzz',
  ),
  fc.oneof(nasty, fc.integer().map(String), fc.constantFrom('-1', '0', '101', 'created_at', '-name', 'eyJsIjoieCJ9.AAAA')),
  { maxKeys: 3 },
);
const headerValue = (s: string) => /^[\x20-\x7e]*$/.test(s);
const randomHeaders = fc.record(
  {
    'Service-Version': fc.oneof(fc.constantFrom('2026-11-01', '1999-01-01', 'latest', ''), nasty.filter(headerValue)),
    'Content-Type': fc.constantFrom(
      'application/json',
      'text/plain',
      'multipart/form-data; boundary=x',
      'application/x-www-form-urlencoded',
    ),
    'Idempotency-Key': fc.string({ maxLength: 300 }).filter(headerValue),
  },
  { requiredKeys: [] },
);

function randomProbe(route: Route, values: string[], q: Record<string, string>, b: unknown, h: Record<string, string>): Probe {
  // A lone surrogate has no UTF-8 form, so no client can put it in a URL: send what a client would (U+FFFD).
  const url = new URL('http://fuzz' + filled(route, (i) => encodeURIComponent((values[i] ?? 'x').replace(/[\uD800-\uDFFF]/gu, '\uFFFD'))));
  for (const [k, v] of Object.entries(q)) url.searchParams.append(k, v);
  const sendsBody = route.method !== 'GET' && route.method !== 'DELETE';
  return {
    method: route.method,
    target: url.pathname + url.search,
    headers: h,
    body: sendsBody ? (typeof b === 'string' ? b : safeStringify(b)) : undefined,
  };
}

function parsedOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'null';
  } catch {
    return '{}';
  }
}

/** A dashboard page's refusal: one of our HTML pages, naming a known code of that status. */
function isOurPage(route: Route, status: number, text: string): boolean {
  if (!/^<!doctype html>/i.test(text.trimStart())) return false;
  if (kindOf(route) !== 'dashboard-page') return true;
  // Codes on pages carry break points (`invalid_<wbr>request`, lib/dashboard/pages/layout.ts).
  const code = /\(code <code>([a-z_]+)<\/code>\)/.exec(text.replace(/<wbr>/g, ''))?.[1] as ErrorCode | undefined;
  return code !== undefined && ERROR_CODES[code]?.status === status;
}

export async function fuzzRoutes(options: FuzzOptions): Promise<FuzzReport> {
  const origin = new URL(options.origin);
  const routes = options.routes ?? ROUTES;
  const emptyFigures = (): ClassFigures => ({
    requests: 0,
    serverErrors: 0,
    malformed: 0,
    stateChanges: 0,
    metadataLost: 0,
    oversizeErrors: 0,
    largestError: 0,
    slowestMs: 0,
    statuses: {},
  });
  const report: FuzzReport = {
    requests: 0,
    routes: routes.length,
    byClass: Object.fromEntries(FUZZ_CLASSES.map((c) => [c, emptyFigures()])) as Record<FuzzClass, ClassFigures>,
    serverErrors: [],
    badEnvelopes: [],
    stateChanges: [],
    metadataLost: [],
    oversizeErrors: [],
    slowForms: 0,
    metadataKept: 0,
  };
  const keyHeader = { Authorization: `Bearer ${options.key}` };
  const fixtures = await prepareFixtures(origin, keyHeader);
  report.slowForms = fixtures.slowRequirements.length;
  // The state a refused request must leave alone: the partner's event log, and what its dashboard shows.
  const observer = options.dashboardSession ? await options.dashboardSession() : undefined;
  const stateOf = async (route: Route): Promise<string> => {
    const events = await send(origin, { method: 'GET', target: '/v1/events?limit=1', headers: keyHeader });
    const parts = [String((JSON.parse(events.text) as { page: { total: number } }).page.total)];
    if (observer && kindOf(route).startsWith('dashboard')) {
      const read = async (path: string) =>
        JSON.parse((await send(origin, { method: 'GET', target: path, headers: { Authorization: `Bearer ${observer.token}` } })).text);
      // What a change would show; not `last_used_at`, which the fuzz's own key moves.
      parts.push(
        JSON.stringify(
          ((await read('/dashboard/api/keys')).items as { id: string; revoked_at: string | null; name: string }[]).map((k) => [
            k.id,
            k.revoked_at,
            k.name,
          ]),
        ),
      );
      parts.push(
        JSON.stringify(
          (
            (await read('/dashboard/api/webhook-endpoints')).items as {
              id: string;
              status: string;
              url: string;
              enabled_events: string[];
            }[]
          ).map((e) => [e.id, e.status, e.url, e.enabled_events]),
        ),
      );
      const settings = await read('/dashboard/api/settings');
      parts.push(JSON.stringify([settings.api_version, settings.webhook_version]));
    }
    return parts.join('\n');
  };
  // The short form sends the 6 MB and 10 MB bodies on three routes: a partner route, a dashboard page, an upload.
  const gatewaySized = new Set(
    options.short
      ? [
          routes.find((r) => kindOf(r) === 'partner'),
          routes.find((r) => kindOf(r) === 'dashboard-page'),
          routes.find((r) => encodingOf(r) === 'multipart'),
        ]
      : routes,
  );

  for (const route of routes) {
    const name = `${route.method} ${route.path}`;
    const kind = kindOf(route);
    const session = kind.startsWith('dashboard') && options.dashboardSession ? await options.dashboardSession() : undefined;
    const credentials = (signedIn: boolean): Record<string, string> =>
      !signedIn
        ? {}
        : kind === 'partner'
          ? keyHeader
          : kind === 'dashboard-json' && session
            ? { Authorization: `Bearer ${session.token}` }
            : kind === 'dashboard-page' && session
              ? { Cookie: `dash_session=${session.token}`, 'X-CSRF-Token': session.csrf }
              : {};

    const check = (cls: FuzzClass, probe: Probe, res: Answer, ms: number): boolean => {
      const figures = report.byClass[cls];
      figures.slowestMs = Math.max(figures.slowestMs, Math.round(ms));
      report.requests++;
      figures.requests++;
      figures.statuses[res.status] = (figures.statuses[res.status] ?? 0) + 1;
      const finding = (): Finding => ({
        route: name,
        class: cls,
        status: res.status,
        request: `${probe.method} ${probe.target.slice(0, 120)}`,
        body: res.text.slice(0, 300),
      });
      if (res.status >= 500) {
        figures.serverErrors++;
        report.serverErrors.push(finding());
      }
      if (res.status === 0 || (res.status >= 400 && !wellFormedRefusal(route, res))) {
        figures.malformed++;
        report.badEnvelopes.push(finding());
      }
      if (res.status >= 400) {
        const bytes = Buffer.byteLength(res.text);
        figures.largestError = Math.max(figures.largestError, bytes);
        const listed = (parsedOrUndefined(res.text) as { errors?: unknown[] } | undefined)?.errors?.length ?? 0;
        if (bytes > ERROR_ANSWER_MAX_BYTES || listed > ERRORS_MAX_ENTRIES) {
          figures.oversizeErrors++;
          report.oversizeErrors.push({ ...finding(), body: `${bytes} bytes, ${listed} errors: ${res.text.slice(0, 200)}` });
        }
      }
      if (probe.metadata && res.status < 300 && /json/.test(res.contentType)) {
        const answered = parsedOrUndefined(res.text) as { metadata?: unknown } | undefined;
        if (answered && Object.hasOwn(answered, 'metadata')) {
          if (JSON.stringify(answered.metadata) === probe.metadata) report.metadataKept++;
          else {
            figures.metadataLost++;
            report.metadataLost.push(finding());
          }
        }
      }
      return res.status >= 200 && res.status < 300;
    };

    // The state a class must leave alone when it was refused throughout (per route in the short form).
    const routeBefore = options.short ? await stateOf(route) : undefined;
    let routeAccepted = 0;
    for (const cls of FUZZ_CLASSES) {
      const before = options.short ? undefined : await stateOf(route);
      let accepted = 0;
      if (cls === 'random') {
        await fc.assert(
          fc.asyncProperty(
            fc.array(pathValue, { minLength: 3, maxLength: 3 }),
            query,
            randomBody,
            randomHeaders,
            fc.boolean(),
            async (values, q, b, h, signedIn) => {
              const probe = randomProbe(route, values, q, b, h);
              probe.headers = { ...probe.headers, ...credentials(signedIn) };
              if (check(cls, probe, ...(await timed(origin, probe)))) accepted++;
            },
          ),
          { numRuns: options.runsPerRoute, seed: options.seed, endOnFailure: true },
        );
      } else {
        for (const probe of probesOf(cls, route, gatewaySized.has(route), options.short === true, fixtures)) {
          probe.headers = { ...credentials(true), ...probe.headers };
          if (check(cls, probe, ...(await timed(origin, probe)))) accepted++;
        }
      }
      routeAccepted += accepted;
      if (before !== undefined && accepted === 0 && (await stateOf(route)) !== before) {
        report.byClass[cls].stateChanges++;
        report.stateChanges.push(`${name} (${cls})`);
      }
    }
    if (routeBefore !== undefined && routeAccepted === 0 && (await stateOf(route)) !== routeBefore)
      report.stateChanges.push(`${name} (every class)`);
  }
  return report;
}

/** The answer and how long it took (a figure of the report, never a property). */
async function timed(origin: URL, probe: Probe): Promise<[Answer, number]> {
  const started = performance.now();
  const answer = await send(origin, probe);
  return [answer, performance.now() - started];
}

/** A refusal as the spec wants it: the envelope for JSON (and for no body type at all), our page for HTML. */
function wellFormedRefusal(route: Route, res: Answer): boolean {
  if (/text\/html/.test(res.contentType)) return isOurPage(route, res.status, res.text);
  return validEnvelope(res.text, res.status, res.retryAfter);
}

/** An error answer is the spec's envelope with a known code and that code's own status (proof/envelope.ts). */
export function validEnvelope(text: string, status: number, retryAfter: string | null): boolean {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return false;
  }
  return envelopeProblem(status, body, retryAfter) === undefined;
}

/** The per-class figures as a Markdown table, for bench/proof/fuzz.md. */
export function figuresTable(report: FuzzReport): string {
  const rows = FUZZ_CLASSES.map((c) => {
    const f = report.byClass[c];
    const statuses = Object.entries(f.statuses)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([s, n]) => `${s}×${n}`)
      .join(', ');
    return `| ${c} | ${f.requests} | ${f.serverErrors} | ${f.malformed} | ${f.stateChanges} | ${f.metadataLost} | ${f.oversizeErrors} | ${f.largestError} | ${f.slowestMs} | ${statuses} |`;
  });
  const total = FUZZ_CLASSES.reduce((t, c) => t + report.byClass[c].stateChanges, 0);
  return [
    '| class | requests | 5xx | malformed answers | state changes after a refusal | metadata not kept verbatim | error answers over 256 KB or 20 errors | largest error answer (bytes) | slowest answer (ms) | statuses |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    `| all | ${report.requests} | ${report.serverErrors.length} | ${report.badEnvelopes.length} | ${total} | ${report.metadataLost.length} | ${report.oversizeErrors.length} | | | |`,
  ].join('\n');
}
