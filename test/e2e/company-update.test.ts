import { randomUUID } from 'node:crypto';
import { api } from '../support/http';
import { useStackDatabase } from '../support/stack';
import { freshPartner } from '../support/event-log';
import { anLlc, createCompany, uniqueWord } from '../support/companies';
import { eventsOf } from '../support/lifecycle';

/**
 * POST /v1/companies/{companyID}: the partner changes its own fields of a company, `metadata` and
 * `external_id`, and nothing else (lib/lifecycle/operations/update-company.ts). Over HTTP: the answer,
 * the company read back, the `external_id` filter of the list, `company.updated` with its
 * `previous_attributes`, refusals that change nothing, and `Idempotency-Key`.
 */
const c = useStackDatabase();
jest.setTimeout(90_000); // flows over HTTP on a shared machine
const key = c.test_key;
const client = api(key);
const update = (id: string, body: unknown, headers?: Record<string, string>) => client.post(`/companies/${id}`, body, headers);
const updatesOf = async (id: string) => (await eventsOf(key, id)).filter((e) => e.type === 'company.updated');

describe('POST /v1/companies/{companyID}', () => {
  it('replaces metadata as a whole, drops the keys sent as null, and records company.updated with the metadata before', async () => {
    const company = await createCompany(key, anLlc({ metadata: { crm_id: 'A-1', tier: 'gold', note: 'keep' } }));
    const res = await update(company.id, { metadata: { crm_id: 'A-2', tier: null, region: 'eu' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'company', id: company.id, metadata: { crm_id: 'A-2', region: 'eu' } });
    expect(res.body.metadata).toEqual({ crm_id: 'A-2', region: 'eu' });
    expect(res.body.updated_at > company.updated_at).toBe(true);
    const read = (await client.get(`/companies/${company.id}`)).body;
    expect(read).toEqual(res.body);

    const [event] = await updatesOf(company.id);
    expect(event.data.object.metadata).toEqual({ crm_id: 'A-2', region: 'eu' });
    expect(event.data.previous_attributes).toEqual({ metadata: { crm_id: 'A-1', tier: 'gold', note: 'keep' } });
    expect(event).toMatchObject({ company_id: company.id, livemode: false });

    const cleared = await update(company.id, { metadata: {} });
    expect(cleared.body.metadata).toEqual({});
    const second = (await updatesOf(company.id))[1];
    expect(second.data.previous_attributes).toEqual({ metadata: { crm_id: 'A-2', region: 'eu' } });
  });

  it('changes external_id: the list finds the company under the new value only; the old one is free for another company', async () => {
    const before = `crm-${uniqueWord()}`;
    const after = `crm-${uniqueWord()}`;
    const company = await createCompany(key, anLlc({ external_id: before }));
    const res = await update(company.id, { external_id: after });
    expect(res.status).toBe(200);
    expect(res.body.external_id).toBe(after);
    expect((await client.get(`/companies?external_id=${after}`)).body.items.map((x: any) => x.id)).toEqual([company.id]);
    expect((await client.get(`/companies?external_id=${before}`)).body.items).toEqual([]);
    const [event] = await updatesOf(company.id);
    expect(event.data.previous_attributes).toEqual({ external_id: before });

    const other = await createCompany(key, anLlc({ external_id: before }));
    expect(other.external_id).toBe(before);

    const removed = await update(company.id, { external_id: null });
    expect(removed.status).toBe(200);
    expect(removed.body).not.toHaveProperty('external_id');
    expect((await updatesOf(company.id))[1].data.previous_attributes).toEqual({ external_id: after });
    expect((await client.get(`/companies?external_id=${after}`)).body.items).toEqual([]);
  });

  it('refuses an external_id another of the caller’s companies holds: resource_already_exists, nothing written', async () => {
    const taken = `crm-${uniqueWord()}`;
    const holder = await createCompany(key, anLlc({ external_id: taken }));
    const company = await createCompany(key, anLlc({ external_id: `crm-${uniqueWord()}`, metadata: { a: 1 } }));
    const res = await update(company.id, { external_id: taken, metadata: { a: 2 } });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'resource_already_exists', status: 409 });
    expect(res.body.errors[0]).toMatchObject({ location: '$.external_id', validation_type: 'unique' });
    expect(res.body.errors[0].how_to_fix).toContain(`"external_id": "${taken}-2"`);
    const read = (await client.get(`/companies/${company.id}`)).body;
    expect(read).toMatchObject({ external_id: company.external_id, metadata: { a: 1 }, updated_at: company.updated_at });
    expect(await updatesOf(company.id)).toEqual([]);
    expect((await client.get(`/companies?external_id=${taken}`)).body.items.map((x: any) => x.id)).toEqual([holder.id]);
  });

  it.each([
    [{ name: 'Acme Two' }, '$.name'],
    [{ metadata: { a: 1 }, state: 'DE' }, '$.state'],
    [{ industry: 'software' }, '$.industry'],
  ])('refuses any other field, at that field, with a valid body to send: %j', async (body, location) => {
    const company = await createCompany(key, anLlc({ metadata: { a: 0 } }));
    const res = await update(company.id, body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_request');
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors[0]).toMatchObject({ location, validation_type: 'additionalProperties' });
    expect(res.body.errors[0].how_to_fix).toContain('metadata, external_id');
    expect(res.body.errors[0].how_to_fix).toContain('{"metadata":{"crm_id":"A-1042"');
    expect((await client.get(`/companies/${company.id}`)).body).toMatchObject({ metadata: { a: 0 }, updated_at: company.updated_at });
    expect(await updatesOf(company.id)).toEqual([]);
  });

  it('holds metadata to the limits of creation, and external_id to its length', async () => {
    const company = await createCompany(key);
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i]));
    const tooMany = await update(company.id, { metadata: many });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors[0]).toMatchObject({ location: '$.metadata', validation_type: 'maxProperties' });
    const long = await update(company.id, { external_id: 'x'.repeat(256) });
    expect(long.status).toBe(400);
    expect(long.body.errors[0]).toMatchObject({ location: '$.external_id', validation_type: 'maxLength' });
    const notObject = await update(company.id, { metadata: 'crm' });
    expect(notObject.status).toBe(400);
    expect(notObject.body.errors[0].location).toBe('$.metadata');
    expect(await updatesOf(company.id)).toEqual([]);
  });

  it('the same values again, or an empty body, change nothing: 200, no event, updated_at as it was', async () => {
    const external = `crm-${uniqueWord()}`;
    const company = await createCompany(key, anLlc({ external_id: external, metadata: { a: 1 } }));
    for (const body of [{ metadata: { a: 1 }, external_id: external }, {}, { metadata: { a: 1, b: null } }]) {
      const res = await update(company.id, body);
      expect(res.status).toBe(200);
      expect(res.body.updated_at).toBe(company.updated_at);
    }
    expect(await updatesOf(company.id)).toEqual([]);
  });

  it('is idempotent with Idempotency-Key: the retry replays the answer and records nothing more; another body is a mismatch', async () => {
    const company = await createCompany(key, anLlc({ metadata: { a: 1 } }));
    const idem = randomUUID();
    const first = await update(company.id, { metadata: { a: 2 } }, { 'Idempotency-Key': idem });
    expect(first.status).toBe(200);
    await update(company.id, { metadata: { a: 3 } });
    const again = await update(company.id, { metadata: { a: 2 } }, { 'Idempotency-Key': idem });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await client.get(`/companies/${company.id}`)).body.metadata).toEqual({ a: 3 });
    expect(await updatesOf(company.id)).toHaveLength(2);
    const other = await update(company.id, { metadata: { a: 4 } }, { 'Idempotency-Key': idem });
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('idempotency_key_mismatch');
  });

  it('another partner’s company, the other mode’s, and an id naming nothing are resource_missing alike', async () => {
    const company = await createCompany(key);
    const stranger = await freshPartner('Company update stranger');
    for (const other of [api(stranger.testKey), api(c.live_key)]) {
      const res = await other.post(`/companies/${company.id}`, { metadata: { x: 1 } });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('resource_missing');
    }
    expect((await update(`cmp_${'a'.repeat(22)}`, { metadata: { x: 1 } })).body.code).toBe('resource_missing');
    expect((await client.get(`/companies/${company.id}`)).body.metadata).toEqual(company.metadata);
  });
});
