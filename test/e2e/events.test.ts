import { api } from '../support/http';
import { useStackDatabase } from '../support/stack';
import { freshPartner, recordEvents } from '../support/event-log';
import { issueApiKey } from '../../lib/auth/api-key';
import { newId } from '../../lib/ids';
import type { ApiEvent, PendingEvent } from '../../lib/store/event';

useStackDatabase();

const A = newId('company');
const B = newId('company');
const C = newId('company');
const COMPANY_TYPES = ['company.created', 'company.updated', 'service_order.status.changed'] as const;

/**
 * 40 events: three companies, three company types, and every eighth about no company. The types are
 * ones the service emits (GET /events refuses any other), but the log stores any snapshot, so these
 * need not be full resources.
 */
function pendingLog(): PendingEvent[] {
  return Array.from({ length: 40 }, (_, i) => {
    if (i % 8 === 7) return { type: 'invoice.finalized', resource: { object: 'invoice', id: `in_${i}`, amount_due: 100 * i } };
    const companyId = [A, B, C][i % 3];
    const type = COMPANY_TYPES[Math.floor(i / 2) % 3];
    const resource =
      type === 'service_order.status.changed'
        ? { object: 'service_order', id: newId('serviceOrder'), company: companyId }
        : { object: 'company', id: companyId, name: `Co ${i}` };
    return { type, companyId, resource };
  });
}

let key: string;
let partnerId: string;
let liveKey: string;
let log: ApiEvent[]; // oldest first

beforeAll(async () => {
  const p = await freshPartner();
  key = p.testKey;
  partnerId = p.partnerId;
  liveKey = p.liveKey;
  log = await recordEvents(p.scope('test'), pendingLog());
}, 60_000);

const get = (query: string) => api(key).get(`/events${query ? `?${query}` : ''}`);
const ids = (events: { id: string }[]) => events.map((e) => e.id);
const newestFirst = (events: ApiEvent[]) => [...events].reverse();

/** Follows end_cursor to the last page and returns every event seen, checking each page block. */
async function walk(query: string, limit: number) {
  const seen: ApiEvent[] = [];
  const pages: any[] = [];
  let after: string | undefined;
  for (;;) {
    const res = await get([query, `limit=${limit}`, after ? `after=${encodeURIComponent(after)}` : ''].filter(Boolean).join('&'));
    expect(res.status).toBe(200);
    pages.push(res.body.page);
    seen.push(...res.body.items);
    expect(res.body.page.has_prev_page).toBe(after !== undefined);
    if (!res.body.page.has_next_page) break;
    after = res.body.page.end_cursor;
  }
  return { seen, pages };
}

async function expectListing(query: string, keep: (e: ApiEvent) => boolean) {
  const expected = log.filter(keep);
  for (const [order, sorted] of [
    ['', newestFirst(expected)],
    ['sort=created_at', expected],
  ] as const) {
    const q = [query, order].filter(Boolean).join('&');
    const { seen, pages } = await walk(q, 6);
    expect(ids(seen)).toEqual(ids(sorted));
    for (const page of pages) expect(page.total).toBe(expected.length);
  }
  return expected;
}

describe('GET /events: the page block and order', () => {
  it('lists newest first, 25 by default, with all six page fields and the version echoed', async () => {
    const res = await get('');
    expect(res.status).toBe(200);
    expect(res.headers.get('service-version')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(res.body.object).toBe('list');
    expect(Object.keys(res.body.page).sort()).toEqual(['end_cursor', 'has_next_page', 'has_prev_page', 'limit', 'start_cursor', 'total']);
    expect(res.body.page).toMatchObject({ has_next_page: true, has_prev_page: false, limit: 25, total: 40 });
    expect(ids(res.body.items)).toEqual(ids(newestFirst(log)).slice(0, 25));
  });

  it('returns each event exactly as recorded, with only the spec fields', async () => {
    const res = await get('limit=100');
    expect(res.body.items).toEqual(newestFirst(log));
    const withCompany = res.body.items.find((e: ApiEvent) => e.company_id);
    expect(Object.keys(withCompany).sort()).toEqual(['company_id', 'created_at', 'data', 'id', 'livemode', 'object', 'timestamp', 'type']);
    const invoice = res.body.items.find((e: ApiEvent) => e.type === 'invoice.finalized');
    expect(invoice).not.toHaveProperty('company_id');
    expect(invoice.livemode).toBe(false);
  });

  it('sorts oldest first with sort=created_at and newest first with sort=-created_at', async () => {
    expect(ids((await get('sort=created_at&limit=100')).body.items)).toEqual(ids(log));
    expect(ids((await get('sort=-created_at&limit=100')).body.items)).toEqual(ids(newestFirst(log)));
  });

  it('pages forward with after and back with before, has_prev_page and has_next_page telling the truth', async () => {
    const forward: any[] = [];
    let res = await get('limit=15');
    forward.push(res.body);
    while (res.body.page.has_next_page) {
      res = await get(`limit=15&after=${res.body.page.end_cursor}`);
      forward.push(res.body);
    }
    expect(forward.map((p) => p.items.length)).toEqual([15, 15, 10]);
    expect(forward.map((p) => [p.page.has_prev_page, p.page.has_next_page])).toEqual([
      [false, true],
      [true, true],
      [true, false],
    ]);
    expect(forward.flatMap((p) => ids(p.items))).toEqual(ids(newestFirst(log)));
    // Back from the last page: the same pages, in reverse.
    const second = await get(`limit=15&before=${forward[2].page.start_cursor}`);
    expect(ids(second.body.items)).toEqual(ids(forward[1].items));
    expect([second.body.page.has_prev_page, second.body.page.has_next_page]).toEqual([true, true]);
    const first = await get(`limit=15&before=${second.body.page.start_cursor}`);
    expect(ids(first.body.items)).toEqual(ids(forward[0].items));
    expect([first.body.page.has_prev_page, first.body.page.has_next_page]).toEqual([false, true]);
  });

  it('pages backwards on an oldest-first listing too', async () => {
    const page2 = await get(`sort=created_at&limit=10&after=${(await get('sort=created_at&limit=10')).body.page.end_cursor}`);
    expect(ids(page2.body.items)).toEqual(ids(log.slice(10, 20)));
    const back = await get(`sort=created_at&limit=10&before=${page2.body.page.start_cursor}`);
    expect(ids(back.body.items)).toEqual(ids(log.slice(0, 10)));
    expect(back.body.page.has_prev_page).toBe(false);
  });

  it('answers an empty page with null cursors, no next page and total 0', async () => {
    const res = await get('type=company.dissolved');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      object: 'list',
      page: { start_cursor: null, end_cursor: null, has_next_page: false, has_prev_page: false, limit: 25, total: 0 },
      items: [],
    });
  });

  it('answers past the last page with an empty page that still has a previous page', async () => {
    const last = await get('sort=created_at&limit=40');
    const past = await get(`sort=created_at&limit=40&after=${last.body.page.end_cursor}`);
    expect(past.body.items).toEqual([]);
    expect(past.body.page).toMatchObject({ start_cursor: null, end_cursor: null, has_next_page: false, has_prev_page: true, total: 40 });
  });

  it('honours limit 1 and limit 100', async () => {
    const one = await get('limit=1');
    expect(one.body.items).toHaveLength(1);
    expect(one.body.page).toMatchObject({ limit: 1, has_next_page: true, total: 40 });
    const hundred = await get('limit=100');
    expect(hundred.body.items).toHaveLength(40);
    expect(hundred.body.page).toMatchObject({ limit: 100, has_next_page: false });
  });
});

describe('GET /events: filters, with total over all pages', () => {
  const t = (e: ApiEvent) => e.type;
  const created = (i: number) => log[i].created_at;

  it.each([
    ['type=company.updated', (e: ApiEvent) => t(e) === 'company.updated'],
    ['type[eq]=invoice.finalized', (e: ApiEvent) => t(e) === 'invoice.finalized'],
    ['type[in]=company.created,invoice.finalized', (e: ApiEvent) => ['company.created', 'invoice.finalized'].includes(t(e))],
    [
      'type[nin]=company.created,service_order.status.changed',
      (e: ApiEvent) => !['company.created', 'service_order.status.changed'].includes(t(e)),
    ],
    ['type[in]=company.created,company.updated&type[nin]=company.updated', (e: ApiEvent) => t(e) === 'company.created'],
  ])('by type: %s', async (query, keep) => {
    expect((await expectListing(query, keep)).length).toBeGreaterThan(0);
  });

  it('by company: bare and [eq]', async () => {
    await expectListing(`company_id=${A}`, (e) => e.company_id === A);
    await expectListing(`company_id[eq]=${B}`, (e) => e.company_id === B);
  });

  it('by company: [in]', async () => {
    await expectListing(`company_id[in]=${A},${C}`, (e) => e.company_id === A || e.company_id === C);
  });

  it('by company: [nin] (an event about no company is not excluded)', async () => {
    const kept = await expectListing(`company_id[nin]=${A},${B}`, (e) => e.company_id !== A && e.company_id !== B);
    expect(kept.some((e) => e.company_id === undefined)).toBe(true);
  });

  const plusTwoHours = (i: number) =>
    encodeURIComponent(new Date(Date.parse(created(i)) + 2 * 3600_000).toISOString().replace('Z', '+02:00'));
  const finer = (i: number) => created(i).replace('Z', '0001Z');

  it.each([
    ['exact', () => `created_at=${created(12)}`, (e: ApiEvent) => e.id === log[12].id],
    ['gt', () => `created_at[gt]=${created(12)}`, (e: ApiEvent) => e.created_at > created(12)],
    ['gte', () => `created_at[gte]=${created(12)}`, (e: ApiEvent) => e.created_at >= created(12)],
    ['lt', () => `created_at[lt]=${created(30)}`, (e: ApiEvent) => e.created_at < created(30)],
    ['lte', () => `created_at[lte]=${created(30)}`, (e: ApiEvent) => e.created_at <= created(30)],
    [
      'gte and lt together',
      () => `created_at[gte]=${created(5)}&created_at[lt]=${created(9)}`,
      (e: ApiEvent) => e.created_at >= created(5) && e.created_at < created(9),
    ],
    ['gte written with a +02:00 offset', () => `created_at[gte]=${plusTwoHours(20)}`, (e: ApiEvent) => e.created_at >= created(20)],
    ['gte with a sub-millisecond fraction', () => `created_at[gte]=${finer(20)}`, (e: ApiEvent) => e.created_at > created(20)],
    ['exact with a sub-millisecond fraction (matches nothing)', () => `created_at=${finer(20)}`, () => false],
  ])('by created_at: %s', async (_name, query, keep) => {
    await expectListing(query(), keep);
  });

  it.each([
    [
      () => `type[in]=company.created,company.updated&company_id[in]=${A},${B}`,
      (e: ApiEvent) => ['company.created', 'company.updated'].includes(e.type) && [A, B].includes(e.company_id!),
    ],
    [() => `type=company.updated&company_id[nin]=${A}`, (e: ApiEvent) => e.type === 'company.updated' && e.company_id !== A],
    [() => `type[nin]=company.updated&company_id=${C}`, (e: ApiEvent) => e.type !== 'company.updated' && e.company_id === C],
    [() => `type[nin]=company.created&company_id[nin]=${B}`, (e: ApiEvent) => e.type !== 'company.created' && e.company_id !== B],
    [
      () => `type[in]=company.created,invoice.finalized&created_at[gte]=${created(10)}`,
      (e: ApiEvent) => ['company.created', 'invoice.finalized'].includes(e.type) && e.created_at >= created(10),
    ],
    [
      () => `type[nin]=invoice.finalized&company_id[nin]=${A}&created_at[lte]=${created(25)}`,
      (e: ApiEvent) => e.type !== 'invoice.finalized' && e.company_id !== A && e.created_at <= created(25),
    ],
  ])('combines type, company and created_at filters (%#)', async (query, keep) => {
    await expectListing(query(), keep);
  });

  it('keeps modes apart: a live key sees none of the test events', async () => {
    const res = await api(liveKey).get('/events');
    expect(res.body.items).toEqual([]);
    expect(res.body.page.total).toBe(0);
  });
});

describe('GET /events: cursor misuse', () => {
  it('refuses after and before together', async () => {
    const page = await get('limit=5');
    const res = await get(`after=${page.body.page.end_cursor}&before=${page.body.page.start_cursor}`);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_request');
    expect(res.body.errors[0].location).toBe('$.before');
  });

  it('refuses a cursor on a listing other than the one that minted it', async () => {
    const cursor = (await get('limit=5&type=company.created')).body.page.end_cursor;
    for (const other of ['limit=5&type=company.updated', 'limit=5', 'limit=5&type=company.created&sort=created_at']) {
      const res = await get(`${other}&after=${cursor}`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('invalid_request');
      expect(res.body.errors[0].location).toBe('$.after');
    }
    // A different page size is the same listing.
    expect((await get(`limit=7&type=company.created&after=${cursor}`)).status).toBe(200);
  });

  it("refuses a tampered cursor and another mode's cursor", async () => {
    const cursor: string = (await get('limit=5')).body.page.end_cursor;
    const [data, sig] = cursor.split('.');
    const forged = `${Buffer.from(
      Buffer.from(data, 'base64url')
        .toString()
        .replace(/"k":"\d/, '"k":"9'),
    ).toString('base64url')}.${sig}`;
    // Change the signature's first character to a different one (the same character would be the real cursor).
    const tampered = `${data}.${sig[0] === 'x' ? 'y' : 'x'}${sig.slice(1)}`;
    for (const bad of [forged, tampered, 'not-a-cursor']) {
      const res = await get(`before=${encodeURIComponent(bad)}`);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].location).toBe('$.before');
    }
    const res = await api(liveKey).get(`/events?limit=5&after=${cursor}`);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_request');
  });
});

describe('GET /events: malformed parameters', () => {
  it.each([
    ['limit=0', '$.limit'],
    ['limit=101', '$.limit'],
    ['limit=ten', '$.limit'],
    ['sort=type', '$.sort'],
    ['sort=created_at,-created_at', '$.sort'],
    ['type=Company%20Created', '$.type'],
    ['type[in]=company.created,,company.updated', '$.type[in]'],
    ['company_id=cmp_short', '$.company_id'],
    ['company_id[nin]=acct_0123456789012345678901', '$.company_id[nin]'],
    ['created_at=yesterday', '$.created_at'],
    ['created_at[gte]=2026-02-30T00:00:00Z', '$.created_at[gte]'],
    ['created_at[lt]=2026-01-01', '$.created_at[lt]'],
    ['type[like]=company', '$.type[like]'],
    ['type=company.created&type=company.updated', '$.type'],
    ['after=', '$.after'],
  ])('refuses %s with invalid_request at %s', async (query, location) => {
    const res = await get(query);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_request');
    expect(res.body.errors.map((e: any) => e.location)).toContain(location);
    expect(res.body.errors.every((e: any) => typeof e.how_to_fix === 'string')).toBe(true);
  });

  it('reads limit as digits only, as every list does, and tells a repeated limit to send it once', async () => {
    for (const written of ['0x10', '1e1', '2.0', '%2B5']) {
      const res = await get(`limit=${written}`);
      expect([written, res.status, res.body.errors?.[0]?.location]).toEqual([written, 400, '$.limit']);
      expect(res.body.errors[0].how_to_fix).toContain('limit=25');
    }
    expect((await get('limit=5&limit=6')).body.errors[0].how_to_fix).toBe('Send limit once, such as limit=25.');
  });

  it('suggests created_at for an unsupported sort field', async () => {
    const res = await get('sort=-updated_at');
    expect(res.body.errors[0].how_to_fix).toContain('sort=created_at');
  });

  it('refuses lists longer than 20 and more than 25 type × company pairs', async () => {
    const many = Array.from({ length: 21 }, () => newId('company')).join(',');
    expect((await get(`company_id[in]=${many}`)).status).toBe(400);
    const six = Array.from({ length: 6 }, () => newId('company')).join(',');
    const types = 'company.created,company.updated,company.verified,company.dissolved,company.ein.assigned';
    const res = await get(`company_id[in]=${six}&type[in]=${types}`);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].validation_type).toBe('maxItems');
  });
});

describe('GET /events/{eventID}', () => {
  it('returns one event exactly as listed', async () => {
    const res = await api(key).get(`/events/${log[3].id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(log[3]);
  });

  it('answers resource_missing for an unknown id and for the other mode', async () => {
    expect((await api(key).get(`/events/${newId('event')}`)).body.code).toBe('resource_missing');
    const res = await api(liveKey).get(`/events/${log[3].id}`);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('resource_missing');
  });

  it('refuses a malformed id with invalid_request', async () => {
    const res = await api(key).get('/events/evt_nope');
    expect(res.status).toBe(400);
    expect(res.body.errors[0].location).toBe('$.eventID');
  });
});

describe('GET /events: scope', () => {
  it('refuses a key without events:read with insufficient_scope', async () => {
    const { secret } = await issueApiKey({ partnerId, mode: 'test', scopes: ['companies:read'] });
    for (const path of ['/events', `/events/${log[0].id}`]) {
      const res = await api(secret).get(path);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('insufficient_scope');
    }
  });
});
