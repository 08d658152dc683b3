import fc from 'fast-check';
import { ROUTES, type Route } from '../lib/routes';
import { envelopeProblem } from './envelope';

/**
 * `npm run fuzz` (issue 11): property-based hostile requests against every route of the route table —
 * wrong types, huge and deep bodies, unicode edge cases, injection strings, bad ids, bad cursors, bad
 * versions, header abuse. Properties: never a 5xx; every error is the spec's envelope with a known code
 * and its own status; a partner route refused for every request changes nothing (the event log total).
 */
const nasty = fc.oneof(
  fc.constantFrom("' OR 1=1 --", '<script>alert(1)</script>', '${7*7}', '../../etc/passwd', '\u0000', '\uD800', '🏳️‍🌈', 'Ω≈ç√', '\u202E', 'null', '-1', '1e309', '__proto__', 'constructor'),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 300 }),
);
const deep = fc.letrec((tie) => ({ node: fc.oneof({ depthSize: 'small' }, fc.constant(1), fc.array(tie('node'), { maxLength: 2 }), fc.dictionary(nasty, tie('node'), { maxKeys: 2 })) })).node;
const body = fc.oneof(
  fc.anything(),
  fc.dictionary(fc.constantFrom('name', 'state', 'entity_type', 'account', 'answers', 'product_key', 'options', 'kind', 'year', 'url', 'stage', 'title', 'type', 'metadata', '__proto__'), fc.oneof(nasty, fc.anything(), deep)),
  deep,
  fc.constant('{"unterminated": '),
  fc.constant('x'.repeat(300 * 1024)),
  fc.constant(JSON.stringify(Array.from({ length: 5000 }, () => ({ a: [[[[[[1]]]]]] })))),
);
const pathValue = fc.oneof(nasty, fc.constantFrom('cmp_0000000000000000000000', 'cmp_short', 'evt_' + 'Z'.repeat(22), '%00', '..', '9'.repeat(400)));
const query = fc.dictionary(
  fc.constantFrom('limit', 'after', 'before', 'sort', 'type', 'type[in]', 'type[nin]', 'company_id', 'company_id[in]', 'created_at', 'created_at[gte]', 'expand[]', 'status', 'account_id', 'zzz'),
  fc.oneof(nasty, fc.integer().map(String), fc.constantFrom('-1', '0', '101', 'created_at', '-name', 'eyJsIjoieCJ9.AAAA')),
  { maxKeys: 3 },
);
const headers = fc.record(
  {
    'Service-Version': fc.oneof(fc.constantFrom('2026-11-01', '1999-01-01', 'latest', ''), nasty.filter((s) => /^[\x20-\x7e]*$/.test(s))),
    'Content-Type': fc.constantFrom('application/json', 'text/plain', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded'),
    'Idempotency-Key': fc.string({ maxLength: 300 }).filter((s) => /^[\x20-\x7e]*$/.test(s)),
  },
  { requiredKeys: [] },
);

export interface FuzzReport {
  requests: number;
  serverErrors: { route: string; status: number; body: string }[];
  badEnvelopes: { route: string; status: number; body: string }[];
  stateChanges: string[];
}

function fillPath(route: Route, values: string[]): string {
  let i = 0;
  // A lone surrogate has no UTF-8 form, so no client can put it in a URL: send what a client would (U+FFFD).
  return route.path.replace(/\{\w+\}/g, () => encodeURIComponent((values[i++] ?? 'x').replace(/[\uD800-\uDFFF]/gu, '\uFFFD')));
}

export async function fuzzRoutes(options: { origin: string; key: string; runsPerRoute: number; seed?: number; routes?: Route[] }): Promise<FuzzReport> {
  const report: FuzzReport = { requests: 0, serverErrors: [], badEnvelopes: [], stateChanges: [] };
  const eventsTotal = async () =>
    ((await (await fetch(`${options.origin}/v1/events?limit=1`, { headers: { Authorization: `Bearer ${options.key}` } })).json()) as { page: { total: number } }).page.total;
  for (const route of options.routes ?? ROUTES) {
    const name = `${route.method} ${route.path}`;
    const before = route.audience === 'partner' ? await eventsTotal() : 0;
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(pathValue, { minLength: 3, maxLength: 3 }), query, body, headers, fc.boolean(), async (params, q, b, h, withKey) => {
        const url = new URL(options.origin + fillPath(route, params));
        for (const [k, v] of Object.entries(q)) url.searchParams.append(k, v);
        const sendsBody = route.method !== 'GET' && route.method !== 'DELETE';
        const res = await fetch(url, {
          method: route.method,
          redirect: 'manual',
          headers: { ...h, ...(withKey ? { Authorization: `Bearer ${options.key}` } : {}) },
          body: sendsBody ? (typeof b === 'string' ? b : safeStringify(b)) : undefined,
        });
        const text = await res.text();
        report.requests++;
        if (res.status < 400) accepted++;
        if (res.status >= 500) report.serverErrors.push({ route: name, status: res.status, body: text.slice(0, 300) });
        if (res.status >= 400 && (res.headers.get('content-type') ?? '').includes('application/json') && !validEnvelope(text, res.status, res.headers.get('retry-after'))) {
          report.badEnvelopes.push({ route: name, status: res.status, body: text.slice(0, 300) });
        }
      }),
      { numRuns: options.runsPerRoute, seed: options.seed, endOnFailure: true },
    );
    if (route.audience === 'partner' && accepted === 0 && (await eventsTotal()) !== before) report.stateChanges.push(name);
  }
  return report;
}

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'null';
  } catch {
    return '{}';
  }
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
