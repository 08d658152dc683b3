import { GetCommand } from '../../lib/store/dynamodb';
import { ROUTES, type Route } from '../../lib/routes';
import { createSession } from '../../lib/dashboard/session';
import { addStaffMember } from '../../lib/dashboard/staff';
import { closePeriod } from '../../lib/billing/close-period';
import { nextPeriod, periodBounds, periodOf } from '../../lib/billing/period';
import { areaOfPath, roleMayUse, STAFF_ROLES } from '../../lib/dashboard/roles';
import { endpointById } from '../../lib/webhooks/endpoints';
import { db, tableName } from '../../lib/store/client';
import { secretRollKey } from '../../lib/store/keys';
import { ID_PREFIXES, newId, randomBase62, type IdKind } from '../../lib/ids';
import { api, type HttpResult } from '../support/http';
import { useStackDatabase } from '../support/stack';
import { outbox } from '../support/dashboard';
import { anLlc, createCompany } from '../support/companies';
import { absent, fillSlots, masked, paramSlots, pathParams } from '../support/isolation';

/**
 * The isolation matrix of the dashboard, generated from THE route table like the
 * partner matrix (isolation-matrix.test.ts):
 * - every dashboard route with a path parameter (JSON face and pages), called by the demo partner's
 *   dashboard session on `other_partner`'s objects of both modes, must answer exactly as it answers
 *   for an id that names nothing, never 2xx/3xx, and change nothing of the owner's;
 * - every dashboard GET without a parameter (the lists, settings) shows nothing of the owner's;
 * - an API key is refused on every dashboard route that needs a session, and confers nothing on the
 *   sign-in routes that need none; a dashboard session token is refused on every partner API route.
 * A new route whose parameter names a kind of object without an owner object below fails the
 * coverage test, so no route can skip the matrix.
 */
const c = useStackDatabase();
const origin = new URL(c.dashboard_url).origin;
type Mode = 'live' | 'test';
const MODES: Mode[] = ['test', 'live'];

/** Every route of the dashboard, whatever audience it carries. */
const dashboardRoutes = ROUTES.filter((r) => r.path.startsWith('/dashboard') || r.audience === 'dashboard');
const isJson = (r: Route) => r.path.startsWith('/dashboard/api/');
const withParams = dashboardRoutes.filter((r) => r.path.includes('{'));

/** The dashboard routes used before there is a session: sign-in, and the embedded default's outbox. */
const SESSIONLESS = new Set([
  'POST /dashboard/api/sign-in',
  'POST /dashboard/api/sign-in/verify',
  'GET /dashboard/sign-in',
  'POST /dashboard/sign-in',
  'POST /dashboard/sign-in/verify',
  'GET /dashboard/outbox',
]);
const routeName = (r: Route) => `${r.method} ${r.path}`;

/**
 * A request to the dashboard, sent again after the wait a 429 names: the demo owner's session is shared
 * by the test files running beside this one, and the JSON face is limited per staff member (50 a
 * second, lib/http/dashboard/rate-limit.ts), which a matrix on a quiet machine can reach. The matrix
 * holds what an answer is, not how fast it may be asked for.
 */
async function call(
  route: Route,
  path: string,
  as: { bearer?: string; cookie?: { token: string; csrf: string } },
  fields: Record<string, string> = {},
): Promise<HttpResult> {
  for (let attempt = 1; ; attempt++) {
    const answer = await callOnce(route, path, as, fields);
    if (answer.status !== 429 || attempt === 5) return answer;
    await new Promise((resolve) => setTimeout(resolve, 1000 * Number(answer.headers.get('retry-after') ?? 1)));
  }
}

/** A request to the dashboard (JSON or form), with whatever credentials the case needs. */
async function callOnce(
  route: Route,
  path: string,
  as: { bearer?: string; cookie?: { token: string; csrf: string } },
  fields: Record<string, string> = {},
): Promise<HttpResult> {
  const headers: Record<string, string> = {};
  if (as.bearer) headers.Authorization = `Bearer ${as.bearer}`;
  if (as.cookie) headers.Cookie = `dash_session=${as.cookie.token}`;
  if (isJson(route)) {
    if (as.cookie) headers['X-CSRF-Token'] = as.cookie.csrf;
    return api(undefined, headers).send(route.method, origin + path, route.method === 'GET' ? undefined : fields);
  }
  const form =
    route.method === 'GET'
      ? undefined
      : new URLSearchParams({ ...fields, ...(as.cookie ? { csrf_token: as.cookie.csrf } : {}) }).toString();
  if (form !== undefined) headers['Content-Type'] = 'application/x-www-form-urlencoded';
  const res = await fetch(origin + path, { method: route.method, redirect: 'manual', headers, body: form });
  return { status: res.status, headers: res.headers, body: undefined, text: await res.text() };
}

interface Owned {
  /** Slot (`webhook-endpoints/{id}`) → the owner's object of this mode. */
  slots: Record<string, string>;
  /** An event of the owner in this mode (for `resend`). */
  eventId: string;
  keySecret: string;
}

/** Bodies (JSON) and form fields that pass validation, so the refusal is decided by the lookup. */
function fieldsFor(route: Route, eventId: string): Record<string, string> {
  const path = route.path.replace('/dashboard/api/', '/dashboard/');
  if (path.endsWith('/resend')) return { event_id: eventId };
  if (path.endsWith('/recover')) return { since: '2020-01-01T00:00:00Z' };
  if (path.endsWith('/secret/roll/confirm')) return { code: '123456' };
  return {};
}

async function firstEventOf(key: string, companyId: string): Promise<string> {
  const res = await api(key).get(`/events?company_id=${companyId}&limit=1`);
  expect(res.status).toBe(200);
  return res.body.items[0].id;
}

describe('dashboard isolation matrix: no dashboard session sees or changes another partner’s objects', () => {
  // Stepped-up owners' sessions: the arrangement creates live keys and endpoints (lib/dashboard/step-up.ts).
  let theirToken = c.other_partner.dashboard_session;
  let myToken = c.dashboard_session;
  const theirs = (path: string, body?: unknown) =>
    api(undefined, { Authorization: `Bearer ${theirToken}` }).send(
      body === undefined ? 'GET' : 'POST',
      `${c.dashboard_url}/api${path}`,
      body,
    );
  const mine = (path: string, body?: unknown) =>
    api(undefined, { Authorization: `Bearer ${myToken}` }).send(body === undefined ? 'GET' : 'POST', `${c.dashboard_url}/api${path}`, body);
  const owned: Partial<Record<Mode, Owned>> = {};
  const myEndpoint: Partial<Record<Mode, string>> = {};
  const myEvent: Partial<Record<Mode, string>> = {};
  let cookie: { token: string; csrf: string };
  let before: { endpoints: string[]; keys: unknown[] };

  beforeAll(async () => {
    const steppedUpForMs = 10 * 60 * 1000;
    theirToken = (await createSession({ partnerId: c.other_partner.partner_id, email: 'owner@other-partner.test', steppedUpForMs })).token;
    myToken = (await createSession({ partnerId: c.partner_id, email: 'owner@demo-partner.test', steppedUpForMs })).token;
    // A filter that takes only test events, which no one sends to these endpoints: they exist to be
    // attacked, not to receive deliveries.
    const quiet = { enabled_events: ['webhook_endpoint.test'] };
    for (const mode of MODES) {
      const livemode = mode === 'live';
      const ownerKey = livemode ? c.other_partner.live_key : c.other_partner.test_key;
      const myKey = livemode ? c.live_key : c.test_key;
      const [endpoint, key, company, myCompany, mineEndpoint, ownerRequest] = await Promise.all([
        theirs('/webhook-endpoints', { url: `http://127.0.0.1:9/isolation-${mode}`, livemode, description: 'isolation target', ...quiet }),
        theirs('/keys', { livemode, name: `isolation target ${mode}` }),
        createCompany(ownerKey, anLlc()),
        createCompany(myKey, anLlc()),
        mine('/webhook-endpoints', { url: `http://127.0.0.1:9/isolation-mine-${mode}`, livemode, ...quiet }),
        // A refused request of the owner's: its request log entry.
        api(ownerKey).post('/companies', anLlc({ name: 'The Isolation' })),
      ]);
      expect([endpoint.status, key.status, mineEndpoint.status]).toEqual([201, 201, 201]);
      const ownerEvent = await firstEventOf(ownerKey, company.id);
      const ownerStaff = await addStaffMember(
        c.other_partner.partner_id,
        `isolation-${mode}-${randomBase62(8)}@other-partner.test`,
        'developer',
      );
      // An invoice of the owner in this mode: the sandbox's billing run in test mode, the month's close in live.
      const ownerInvoice = livemode
        ? await closePeriod({ partnerId: c.other_partner.partner_id, mode: 'live' }, periodOf(new Date()), new Date().toISOString())
        : await api(ownerKey)
            .post('/sandbox/billing/run', { as_of: periodBounds(nextPeriod(periodOf(new Date()))).start })
            // Another file may have run this sandbox's billing further first (isolation-matrix.test.ts): then its invoice will do.
            .then(async (r) => r.body.invoice ?? (await api(ownerKey).get('/invoices?limit=1')).body.items[0]);
      expect(ownerInvoice?.id).toBeDefined();
      owned[mode] = {
        slots: {
          'staff/{staffID}': ownerStaff.id,
          'invoices/{invoiceID}': ownerInvoice!.id,
          'webhook-endpoints/{id}': endpoint.body.id,
          'keys/{keyID}': key.body.id,
          'requests/{requestID}': ownerRequest.headers.get('request-id')!,
          'events/{eventID}': ownerEvent,
        },
        eventId: ownerEvent,
        keySecret: key.body.secret,
      };
      myEndpoint[mode] = mineEndpoint.body.id;
      myEvent[mode] = await firstEventOf(myKey, myCompany.id);
    }
    const { token, session } = await createSession({ partnerId: c.partner_id, email: 'owner@demo-partner.test' });
    cookie = { token, csrf: session.csrf_token };
    before = await ownerState();
  }, 60_000);

  afterAll(async () => {
    // Leave no enabled endpoint behind (the fan-out reads every enabled endpoint of a partner).
    for (const mode of MODES) {
      if (owned[mode]) await theirs(`/webhook-endpoints/${owned[mode]!.slots['webhook-endpoints/{id}']}/disable`, {});
      if (myEndpoint[mode]) await mine(`/webhook-endpoints/${myEndpoint[mode]}/disable`, {});
    }
  });

  /** The owner's objects as stored and as the owner sees them: what an attack must leave alone. */
  async function ownerState() {
    const endpoints: string[] = [];
    const keys: unknown[] = [];
    const listed = (await theirs('/keys')).body.items as Array<Record<string, unknown>>;
    for (const mode of MODES) {
      const id = owned[mode]!.slots['webhook-endpoints/{id}'];
      endpoints.push(JSON.stringify(await endpointById(c.other_partner.partner_id, id)));
      const key = listed.find((k) => k.id === owned[mode]!.slots['keys/{keyID}'])!;
      keys.push({ ...key, last_used_at: undefined });
    }
    return { endpoints, keys };
  }

  it('covers every dashboard route with a path parameter', () => {
    const slots = new Set(withParams.flatMap((r) => paramSlots(r.path)));
    // Every parameter is preceded by its collection, so the slot names the kind of object.
    for (const r of withParams) expect([routeName(r), paramSlots(r.path).length]).toEqual([routeName(r), pathParams(r.path).length]);
    for (const slot of slots)
      for (const mode of MODES) expect([slot, mode, owned[mode]!.slots[slot] !== undefined]).toEqual([slot, mode, true]);
    expect(withParams.filter(isJson).length).toBeGreaterThanOrEqual(9);
  });

  for (const mode of MODES) {
    for (const route of withParams) {
      it(`${routeName(route)} on a ${mode}-mode object of another partner`, async () => {
        const { slots, eventId } = owned[mode]!;
        const needed = paramSlots(route.path);
        const fake = Object.fromEntries(needed.map((s) => [s, absent(s, slots[s])]));
        const fields = fieldsFor(route, eventId);
        const callers = isJson(route)
          ? [
              { who: 'dashboard session (bearer)', as: { bearer: c.dashboard_session } },
              { who: 'dashboard session (cookie + CSRF)', as: { cookie } },
            ]
          : [{ who: 'browser session (cookie + CSRF)', as: { cookie } }];
        for (const { who, as } of callers) {
          const real = await call(route, fillSlots(route.path, slots), as, fields);
          const none = await call(route, fillSlots(route.path, fake), as, fields);
          expect({
            who,
            status: real.status,
            body: masked(
              real.text,
              needed.map((s) => slots[s]),
            ),
          }).toEqual({
            who,
            status: none.status,
            body: masked(
              none.text,
              needed.map((s) => fake[s]),
            ),
          });
          expect([who, real.status >= 400]).toEqual([who, true]);
          if (isJson(route)) expect([who, real.body.code]).toEqual([who, 'resource_missing']);
          else expect([who, real.status]).toEqual([who, 404]);
          if (route.path.endsWith('/secret/roll/confirm')) {
            // The endpoint is looked up before the code is read at all: a code of the wrong shape, or
            // none, changes nothing in the answer (resource_missing, not "the code is wrong").
            for (const code of ['not-a-code', '']) {
              const odd = await call(route, fillSlots(route.path, slots), as, { code });
              expect({
                who,
                code,
                status: odd.status,
                body: masked(
                  odd.text,
                  needed.map((s) => slots[s]),
                ),
              }).toEqual({
                who,
                code,
                status: none.status,
                body: masked(
                  none.text,
                  needed.map((s) => fake[s]),
                ),
              });
            }
          }
        }
      });
    }
  }

  it('resends none of another partner’s events, nor an event of the other mode, through an own endpoint', async () => {
    for (const mode of MODES) {
      const other: Mode = mode === 'live' ? 'test' : 'live';
      const path = `/webhook-endpoints/${myEndpoint[mode]}/resend`;
      // An event the endpoint receives (its filter takes only test events: its own test event).
      const ownTest = await mine(`/webhook-endpoints/${myEndpoint[mode]}/test`, {});
      const own = await mine(path, { event_id: ownTest.body.id });
      expect(own.status).toBe(202); // the endpoint and the body are fine: only the event decides
      for (const foreign of [owned[mode]!.eventId, owned[other]!.eventId, myEvent[other]!]) {
        const fake = absent('event', foreign);
        const real = await mine(path, { event_id: foreign });
        const none = await mine(path, { event_id: fake });
        expect({ status: real.status, body: masked(real.text, [foreign]) }).toEqual({
          status: none.status,
          body: masked(none.text, [fake]),
        });
        expect(real.body.code).toBe('resource_missing');
      }
    }
  });

  it('left the owner’s endpoints, keys and e-mail untouched', async () => {
    expect(await ownerState()).toEqual(before);
    for (const mode of MODES) {
      const id = owned[mode]!.slots['webhook-endpoints/{id}'];
      // No secret-roll code is pending, no code was e-mailed to anyone, no delivery was queued.
      expect(
        (
          await db().send(
            new GetCommand({ TableName: tableName(), Key: secretRollKey(c.other_partner.partner_id, id), ConsistentRead: true }),
          )
        ).Item,
      ).toBeUndefined();
      expect(outbox().filter((m) => m.text.includes(id) || m.subject.includes(id))).toEqual([]);
      expect((await theirs(`/webhook-endpoints/${id}/attempts`)).body.items).toEqual([]);
      expect((await theirs(`/webhook-endpoints/${id}`)).body).toMatchObject({ status: 'enabled', disabled_reason: null });
      // The key still works: nobody revoked it.
      expect((await api(owned[mode]!.keySecret).get('/me')).status).toBe(200);
    }
  });

  it('shows nothing of another partner’s on any dashboard GET without a parameter (lists, settings, pages)', async () => {
    const gets = dashboardRoutes.filter((r) => r.method === 'GET' && !r.path.includes('{') && !SESSIONLESS.has(routeName(r)));
    expect(gets.map(routeName)).toEqual(
      expect.arrayContaining(['GET /dashboard/api/keys', 'GET /dashboard/api/webhook-endpoints', 'GET /dashboard/api/settings']),
    );
    const markers = [
      c.other_partner.partner_id,
      'other-partner',
      ...MODES.flatMap((m) => [...Object.values(owned[m]!.slots), owned[m]!.eventId, `isolation-${m}`]),
    ];
    for (const route of gets) {
      const res = await call(route, route.path, isJson(route) ? { bearer: c.dashboard_session } : { cookie });
      expect([routeName(route), res.status]).toEqual([routeName(route), 200]);
      for (const marker of markers)
        expect([routeName(route), marker, res.text.replace(/<wbr>/g, '').includes(marker)]).toEqual([routeName(route), marker, false]);
    }
    // The same lists do show them to their owner: the check above looks where they would be.
    for (const path of ['/keys', '/webhook-endpoints']) {
      const text = (await theirs(path)).text;
      for (const mode of MODES) expect(text).toContain(owned[mode]!.slots[path === '/keys' ? 'keys/{keyID}' : 'webhook-endpoints/{id}']);
    }
  });
});

/** A well-formed id for a path parameter by its name (`companyID` → `cmp_…`), so only the key decides. */
function plausible(name: string): string {
  const kind = name.replace(/ID$/, '') as IdKind;
  if (kind in ID_PREFIXES) return newId(kind);
  if (name === 'index') return '0';
  return randomBase62(32);
}
const fillAny = (r: Route) => r.path.replace(/\{(\w+)\}/g, (_m, name: string) => plausible(name));

describe('dashboard credentials and API credentials do not cross', () => {
  const keys = [
    { who: 'live API key', key: c.live_key },
    { who: 'test API key', key: c.test_key },
  ];

  it('refuses API keys on every dashboard route that needs a session, pages and JSON face alike', async () => {
    const needing = dashboardRoutes.filter((r) => !SESSIONLESS.has(routeName(r)));
    expect(needing.length).toBeGreaterThan(25);
    for (const route of needing) {
      const path = fillAny(route);
      for (const { who, key } of keys) {
        const res = await call(route, path, { bearer: key });
        expect([routeName(route), who, res.status]).toEqual([routeName(route), who, 401]);
        if (isJson(route))
          expect([routeName(route), who, res.body.code, /API keys are not accepted/.test(res.body.detail)]).toEqual([
            routeName(route),
            who,
            'api_key_invalid',
            true,
          ]);
      }
    }
  });

  it('an API key confers nothing on the dashboard routes that need no session', async () => {
    const iso = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g;
    const email = `nobody-${randomBase62(8).toLowerCase()}@isolation.test`;
    for (const route of dashboardRoutes.filter((r) => SESSIONLESS.has(routeName(r)) && isJson(r))) {
      const fields: Record<string, string> = route.path.endsWith('/verify') ? { email, code: '123456' } : { email };
      const anonymous = await call(route, route.path, {}, fields);
      for (const { who, key } of keys) {
        const res = await call(route, route.path, { bearer: key }, fields);
        expect({ who, status: res.status, body: masked(res.text, []).replace(iso, '<t>') }).toEqual({
          who,
          status: anonymous.status,
          body: masked(anonymous.text, []).replace(iso, '<t>'),
        });
      }
    }
  });

  it('refuses a dashboard session token on every partner API route, as a bearer token and as a cookie', async () => {
    const partnerRoutes = ROUTES.filter((r) => r.audience === 'partner');
    expect(partnerRoutes.length).toBeGreaterThan(50);
    for (const route of partnerRoutes) {
      const url = origin + fillAny(route);
      const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
      for (const headers of [
        { Authorization: `Bearer ${c.dashboard_session}` },
        { Cookie: `dash_session=${c.dashboard_session}` },
      ] as Record<string, string>[]) {
        const res = await api(undefined, headers).send(route.method, url, body);
        expect([routeName(route), Object.keys(headers)[0], res.status, res.body?.code]).toEqual([
          routeName(route),
          Object.keys(headers)[0],
          401,
          'api_key_invalid',
        ]);
      }
    }
  });
});

describe('roles across every dashboard route (lib/dashboard/roles.ts)', () => {
  /** A member of the demo partner with `role` and a session of theirs, not stepped up. */
  async function sessionOf(role: (typeof STAFF_ROLES)[number]) {
    const email = `matrix-${role}-${randomBase62(8)}@demo-partner.test`;
    await addStaffMember(c.partner_id, email, role);
    const { token, session } = await createSession({ partnerId: c.partner_id, email });
    return { token, cookie: { token, csrf: session.csrf_token } };
  }

  it('places every dashboard route that needs a session in an area', () => {
    for (const route of dashboardRoutes.filter((r) => !SESSIONLESS.has(routeName(r))))
      expect([routeName(route), areaOfPath(route.path) !== undefined]).toEqual([routeName(route), true]);
  });

  for (const role of STAFF_ROLES) {
    it(`a ${role} gets 403 insufficient_scope exactly on the routes outside the role, on both faces`, async () => {
      const { token, cookie } = await sessionOf(role);
      const needing = dashboardRoutes.filter((r) => !SESSIONLESS.has(routeName(r)) && !/sign-out/.test(r.path));
      for (const route of needing) {
        const allowed = roleMayUse(role, areaOfPath(route.path));
        const res = await call(route, fillAny(route), isJson(route) ? { bearer: token } : { cookie });
        if (allowed) {
          expect([routeName(route), res.status === 403 && /insufficient_scope/.test(res.text)]).toEqual([routeName(route), false]);
        } else {
          expect([routeName(route), res.status]).toEqual([routeName(route), 403]);
          if (isJson(route)) expect([routeName(route), res.body.code]).toEqual([routeName(route), 'insufficient_scope']);
          else expect([routeName(route), res.text.replace(/<wbr>/g, '').includes('insufficient_scope')]).toEqual([routeName(route), true]);
        }
      }
    }, 60_000);
  }
});
