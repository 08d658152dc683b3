import type { APIGatewayProxyEvent } from 'aws-lambda';
import { randomBase62 } from '../lib/ids';
import type { Operation } from '../lib/routes';
import { CURRENT_VERSION } from '../lib/versioning/versions';

/**
 * One plausible request for every route of the route table, on real objects of one partner's test
 * mode, as the proxy event API Gateway hands the route's handler. Used by the round-trip table of
 * `npm run bench` (bench/round-trips.ts) and by the smoke run of the production bundles
 * (test/e2e/bundles-smoke.test.ts). A route the objects cannot satisfy still runs its whole chain and
 * answers a refusal: the table shows each answer's status.
 */

export interface RouteObjects {
  /** The partner's test key (sandbox routes need test mode). */
  key: string;
  /** A dashboard session of the same partner, and its CSRF token (pages' forms). */
  session: { token: string; csrf: string };
  /** A second session, for the sign-out routes (which end it). */
  spareSession: { token: string; csrf: string };
  /** A key that the revoke routes may revoke. */
  spareKeyId: string;
  /** Path parameters by name (`companyID`, `serviceOrderID`, …; `id` is a webhook endpoint). */
  ids: Record<string, string>;
  /** The keyless pages' tokens (the last segment of the links the API gave). */
  statusToken: string;
  verifySession: string;
  invoiceToken?: string;
}

interface Api {
  status: number;
  body: any;
}

async function call(base: string, key: string, method: string, path: string, body?: unknown): Promise<Api> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { Authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

function must(res: Api, what: string): any {
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const lastSegment = (url: string) => new URL(url).pathname.split('/').pop() ?? '';

/**
 * The endpoints' filter: `enabled_events` takes only emitted types, and test events go only where a
 * person sends them, so this filter keeps the endpoints quiet.
 */
const NEVER_SENT = 'webhook_endpoint.test';

/** A tiny PDF (files and passports accept PDF, PNG, JPEG). */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/**
 * The objects the requests name, made through the API with `key` (a test key) at `baseUrl`, and two
 * dashboard sessions made by `newSession` (lib/dashboard/session.ts, in a process on the same table).
 */
export async function makeRouteObjects(
  baseUrl: string,
  key: string,
  newSession: () => Promise<{ token: string; csrf: string }>,
  newKeyId: () => Promise<string>,
): Promise<RouteObjects> {
  const api = (method: string, path: string, body?: unknown) => call(baseUrl, key, method, path, body);
  const company = must(
    await api('POST', '/companies', {
      name: `Route table ${randomBase62(8)}`,
      external_id: `route-${randomBase62(12)}`,
      state: 'WY',
      entity_type: 'llc',
      account: { first_name: 'Ada', last_name: 'Lovelace', email: `ada-${randomBase62(6)}@example.com` },
      shareholders: [
        {
          first_name: 'Ada',
          last_name: 'Owner',
          email: `owner-${randomBase62(6)}@example.com`,
          main_incorporator: true,
          ownership_percentage: 100,
        },
      ],
    }),
    'company',
  );
  const companyID = company.id as string;
  const ids: Record<string, string> = {
    companyID,
    accountID: company.account_id,
    shareholderID: company.shareholders[0].id,
    index: '0',
  };
  ids.serviceOrderID = must(await api('GET', `/companies/${companyID}/service-orders`), 'orders').items[0].id;
  ids.eventID = must(await api('GET', `/events?company_id=${companyID}&limit=1`), 'events').items[0].id;
  ids.fixedAssetID = must(
    await api('POST', `/companies/${companyID}/fixed-assets`, { title: 'Laptop', placed_in_service: '2026-01-15', cost: 150000 }),
    'fixed asset',
  ).id;
  const statusToken = must(await api('POST', `/companies/${companyID}/status-tokens`, {}), 'status token');
  ids.statusTokenID = statusToken.id;
  ids.requirementID = must(await api('POST', `/sandbox/companies/${companyID}/requirements`, { type: 'information' }), 'requirement').id;
  ids.fileID = must(await api('POST', `/sandbox/companies/${companyID}/files`, { title: 'Articles' }), 'file').id;
  must(await api('POST', `/sandbox/companies/${companyID}/entitlements`, { kind: 'federal_tax_filing', delta: 1 }), 'entitlement');
  ids.taxFilingID = must(
    await api('POST', `/sandbox/companies/${companyID}/tax-filings`, { kind: 'federal', year: 2025 }),
    'tax filing',
  ).id;
  const verification = must(
    await api('POST', `/companies/${companyID}/verification-sessions`, { shareholder: ids.shareholderID }),
    'verification session',
  );
  const run = await api('POST', '/sandbox/billing/run', { as_of: new Date(Date.now() + 40 * 86400_000).toISOString() });
  const invoiceID = run.body?.invoice?.id as string | undefined;
  let invoiceToken: string | undefined;
  if (invoiceID) {
    ids.invoiceID = invoiceID;
    const invoice = must(await api('GET', `/invoices/${invoiceID}`), 'invoice');
    if (invoice.hosted_url) invoiceToken = lastSegment(invoice.hosted_url);
  }
  const session = await newSession();
  const endpoint = await fetch(`${new URL(baseUrl).origin}/dashboard/api/webhook-endpoints`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${session.token}`, 'Content-Type': 'application/json' },
    // A type never sent: the endpoint exists for its routes, and nothing is delivered to it.
    body: JSON.stringify({ url: 'http://127.0.0.1:9/route-table-hook', livemode: false, enabled_events: [NEVER_SENT] }),
  });
  const endpointBody = (await endpoint.json()) as { id?: string };
  if (!endpointBody.id) throw new Error(`webhook endpoint: ${endpoint.status} ${JSON.stringify(endpointBody)}`);
  ids.id = endpointBody.id;
  return {
    key,
    session,
    spareSession: await newSession(),
    spareKeyId: await newKeyId(),
    ids,
    statusToken: lastSegment(statusToken.url),
    verifySession: lastSegment(verification.url),
    invoiceToken,
  };
}

/** Plausible JSON bodies by operation; a route without one sends `{}` when it takes a body. */
function jsonBody(operation: string, o: RouteObjects): unknown {
  const bodies: Record<string, unknown> = {
    createCompany: {
      name: `Route table ${randomBase62(8)}`,
      state: 'WY',
      entity_type: 'llc',
      account: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
    },
    createAccount: { first_name: 'Grace', last_name: 'Hopper', email: `grace-${randomBase62(6)}@example.com` },
    dashboardApiSignIn: { email: 'nobody@example.com' },
    dashboardApiSignInVerify: { email: 'nobody@example.com', code: '000000' },
    dashboardApiCreateKey: { livemode: false, name: 'route table' },
    dashboardApiUpdateSettings: { api_version: CURRENT_VERSION },
    dashboardApiCreateWebhookEndpoint: { url: 'http://127.0.0.1:9/route-table-hook-2', livemode: false, enabled_events: [NEVER_SENT] },
    dashboardApiConfirmWebhookSecretRoll: { code: '000000' },
    dashboardApiResendWebhookEvent: { event_id: o.ids.eventID },
    dashboardApiRecoverWebhookEvents: { since: new Date(Date.now() - 3600_000).toISOString() },
    createServiceOrder: { product_key: 'ein_application' },
    submitServiceOrderForm: { answers: { field: 'x' } },
    createFixedAsset: { title: 'Desk', placed_in_service: '2026-01-15', cost: 50000 },
    sandboxChangeEntitlements: { kind: 'federal_tax_filing', delta: 1 },
    sandboxOpenTaxFiling: { kind: 'state', year: 2025 },
    sandboxAdvanceTaxFiling: { progress: 50 },
    sandboxQuoteServiceOrder: { unit_amount: 10000 },
    sandboxRepriceServiceOrder: { unit_amount: 12000 },
    sandboxRunBilling: { as_of: new Date(Date.now() + 40 * 86400_000).toISOString() },
    fulfillRequirement: { answers: { note: 'x' } },
    createVerificationSession: { shareholder: o.ids.shareholderID },
    sandboxMoveCompanyStage: { stage: 'documents_generated' },
    sandboxOpenRequirement: { type: 'information' },
    sandboxPublishFile: { title: 'Operating agreement' },
    sandboxCancelRequirement: { reason: 'withdrawn' },
  };
  return bodies[operation] ?? {};
}

/** Operations that change what later requests read (they end sessions, revoke, delete): run last, in this order. */
export const RUN_LAST = [
  'deleteFixedAsset',
  'revokeStatusToken',
  'cancelServiceOrder',
  'sandboxDissolveCompany',
  'dashboardApiRevokeKey',
  'dashboardRevokeKey',
  'dashboardApiDeleteWebhookEndpoint',
  'dashboardDeleteWebhookEndpoint',
  'dashboardApiSignOut',
  'dashboardSignOut',
];

/** The routes in the order a run should take them (RUN_LAST at the end). */
export function runOrder<R extends { operation: string }>(routes: readonly R[]): R[] {
  const last = (r: R) => RUN_LAST.indexOf(r.operation);
  return [...routes.filter((r) => last(r) < 0), ...RUN_LAST.flatMap((name) => routes.filter((r) => r.operation === name))];
}

/** The proxy event of one plausible request on `route`. */
export function routeRequest(route: Operation, o: RouteObjects): APIGatewayProxyEvent {
  const signsOut = route.operation === 'dashboardApiSignOut' || route.operation === 'dashboardSignOut';
  const session = signsOut ? o.spareSession : o.session;
  const values: Record<string, string> = { ...o.ids };
  if (route.path.includes('{keyID}')) values.keyID = o.spareKeyId;
  if (route.path.startsWith('/status/')) values.token = o.statusToken;
  if (route.path.startsWith('/invoices/hosted/')) values.token = o.invoiceToken ?? 'inv_missing';
  if (route.path.startsWith('/verify/')) values.session = o.verifySession;
  const pathParameters: Record<string, string> = {};
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name] ?? `missing_${name}`;
    pathParameters[name] = value;
    return value;
  });
  const headers: Record<string, string> = {};
  let body: string | null = null;
  let isBase64Encoded = false;
  if (route.audience === 'partner') headers.Authorization = `Bearer ${o.key}`;
  const isPage = route.audience === 'dashboard' && !route.path.startsWith('/dashboard/api/');
  if (route.audience === 'dashboard') {
    if (isPage) headers.Cookie = `dash_session=${session.token}`;
    else headers.Authorization = `Bearer ${session.token}`;
  }
  if (route.method !== 'GET' && route.method !== 'DELETE') {
    if (route.operation === 'uploadFile') {
      const boundary = `----route${randomBase62(12)}`;
      const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      const head =
        part('purpose', 'identity_document') +
        part('company', o.ids.companyID) +
        part('shareholder', o.ids.shareholderID) +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="passport.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
      body = Buffer.concat([Buffer.from(head), PDF, Buffer.from(`\r\n--${boundary}--\r\n`)]).toString('base64');
      isBase64Encoded = true;
      headers['Content-Type'] = `multipart/form-data; boundary=${boundary}`;
    } else if (isPage || route.operation === 'verifySubmit') {
      const form = new URLSearchParams({ csrf_token: session.csrf });
      if (route.operation === 'dashboardSignInSend') form.set('email', 'nobody@example.com');
      if (route.operation === 'dashboardCreateKey') form.set('name', 'route table page');
      body = form.toString();
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
    } else {
      body = JSON.stringify(jsonBody(route.operation, o));
      headers['Content-Type'] = 'application/json';
    }
  }
  const [pathOnly, query] = path.split('?');
  const params = query ? Object.fromEntries(new URLSearchParams(query)) : null;
  return {
    resource: route.path,
    path: pathOnly,
    httpMethod: route.method,
    headers,
    multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, [v]])),
    queryStringParameters: params,
    multiValueQueryStringParameters: params ? Object.fromEntries(Object.entries(params).map(([k, v]) => [k, [v]])) : null,
    pathParameters: Object.keys(pathParameters).length ? pathParameters : null,
    stageVariables: null,
    body,
    isBase64Encoded,
    requestContext: {
      requestId: `route-${randomBase62(10)}`,
      identity: { sourceIp: '127.0.0.1' },
    } as APIGatewayProxyEvent['requestContext'],
  };
}
