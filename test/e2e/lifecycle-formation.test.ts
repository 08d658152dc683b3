import { api } from '../support/http';
import { useStackDatabase } from '../support/stack';
import { anLlc, anOwner, createCompany } from '../support/companies';
import { aPdf, eventsOf, sandbox, uploadFile } from '../support/lifecycle';

const c = useStackDatabase();
jest.setTimeout(90_000); // multi-step flows over HTTP; the machine running them is shared
const key = c.test_key;
const sb = sandbox(key);
const get = (path: string) => api(key).get(path);

/** A company as embedded in an event: the API shape minus `open_requirements` (spec Events). */
function expectSnapshot(event: any, fields: Record<string, unknown>) {
  expect(event.data.object.object).toBe('company');
  expect(event.data.object).not.toHaveProperty('open_requirements');
  expect(event.data.object).toMatchObject(fields);
}

describe('a company formed by the operator, from creation to active, through the sandbox triggers', () => {
  let company: any;
  let owners: any[];
  /** The identity-document requirement creation opened for each owner, in the owners' order. */
  let asked: any[];
  let seen = 0;
  /** The events recorded since the last call, oldest first. */
  const next = async () => {
    const all = await eventsOf(key, company.id);
    const fresh = all.slice(seen);
    seen = all.length;
    return fresh;
  };

  beforeAll(async () => {
    company = await createCompany(
      key,
      anLlc({
        shareholders: [
          anOwner({ ownership_percentage: 60 }),
          anOwner({ main_incorporator: false, ownership_percentage: 40, first_name: 'Alan', last_name: 'Turing' }),
        ],
      }),
    );
    owners = company.shareholders;
    const created = await next();
    expect(created.map((e) => e.type)).toEqual([
      'company.created',
      'service_order.status.changed',
      'service_order.status.changed',
      'requirement.created',
      'requirement.created',
    ]);
    asked = owners.map((o) => created.find((e) => e.data.object.shareholder === o.id)?.data.object);
  });

  it('starts requiring information, saying what: verification pending, stage preparing_documents, one document requirement per owner', async () => {
    expect(company).toMatchObject({
      status: 'requires_information',
      verification: 'pending',
      stage: 'preparing_documents',
      open_requirements: 2,
      livemode: false,
    });
    for (const f of ['verified_at', 'incorporated_at', 'incorporation_date', 'ein', 'ein_assigned_at', 'dissolved_at'])
      expect(company).not.toHaveProperty(f);
    owners.forEach((o, i) => {
      expect(asked[i]).toMatchObject({
        object: 'requirement',
        type: 'document',
        purpose: 'identity_document',
        shareholder: o.id,
        status: 'open',
        requested_by: 'system',
      });
    });
    const read = await get(`/companies/${company.id}?expand[]=requirements`);
    expect(new Set(read.body.requirements.map((r: any) => r.id))).toEqual(new Set(asked.map((r) => r.id)));
  });

  it('the operator asks the first owner again; it shows on the company at once', async () => {
    const res = await api(key).post(`/sandbox/companies/${company.id}/requirements`, {
      type: 'document',
      shareholder: owners[0].id,
      message: 'Upload a passport scan.',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      object: 'requirement',
      company: company.id,
      type: 'document',
      purpose: 'identity_document',
      shareholder: owners[0].id,
      status: 'open',
      requested_by: 'operations',
      livemode: false,
    });
    const read = await get(`/companies/${company.id}?expand[]=requirements`);
    expect(read.body.open_requirements).toBe(3);
    expect(read.body.requirements.map((r: any) => r.id)).toContain(res.body.id);
    const events = await next();
    expect(events.map((e) => e.type)).toEqual(['requirement.created']);
    expect(events[0].data.object).toEqual(res.body);
  });

  it("the first owner's upload is received, fulfils both of that owner's requirements and is never readable back", async () => {
    const up = await uploadFile(
      key,
      { purpose: 'identity_document', company: company.id, shareholder: owners[0].id },
      { bytes: aPdf(), name: 'passport.pdf', type: 'application/pdf' },
    );
    expect(up.status).toBe(201);
    expect(Object.keys(up.body).sort()).toEqual(['created_at', 'id', 'object', 'purpose', 'size', 'type']);
    expect(up.body).toMatchObject({ object: 'file', purpose: 'identity_document', type: 'application/pdf', size: aPdf().length });
    expect((await get(`/files/${up.body.id}`)).body.code).toBe('resource_missing');
    expect((await get(`/files/${up.body.id}/content`)).status).toBe(404);
    expect((await get(`/companies/${company.id}/files`)).body.items).toEqual([]);

    const read = (await get(`/companies/${company.id}?expand[]=requirements`)).body;
    expect(read).toMatchObject({ status: 'requires_information', verification: 'pending', open_requirements: 1, requirements: [asked[1]] });
    expect(read.shareholders[0].passport).toBe(up.body.id);

    const events = await next();
    expect(events.map((e) => e.type)).toEqual(['company.document.received', 'requirement.fulfilled', 'requirement.fulfilled']);
    expectSnapshot(events[0], { status: 'requires_information', verification: 'pending' });
    expect(events[0].data.object.shareholders[0].passport).toBe(up.body.id);
    for (const e of events.slice(1))
      expect(e.data.object).toMatchObject({ shareholder: owners[0].id, status: 'resolved', response: { file: up.body.id } });
  });

  it('the stage moves, but the filing waits for every owner: submitted_to_state is refused naming the verification', async () => {
    const moved = await sb.company(company.id, 'stage', { stage: 'documents_generated' });
    expect(moved.status).toBe(200);
    expect(moved.body.stage).toBe('documents_generated');
    const refused = await sb.company(company.id, 'stage', { stage: 'submitted_to_state' });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('invalid_request');
    expect(refused.body.detail).toContain("'pending'");
    const skipped = await sb.company(company.id, 'stage', { stage: 'incorporated' });
    expect(skipped.body.errors[0].how_to_fix).toContain('/incorporate');
    const events = await next();
    expect(events.map((e) => e.type)).toEqual(['company.status.changed']);
    expectSnapshot(events[0], { stage: 'documents_generated', status: 'requires_information' });
    expect((await get(`/companies/${company.id}`)).body.stage).toBe('documents_generated');
  });

  it('verify brings in the missing owner and verifies once: in_progress, verified_at', async () => {
    const res = await sb.company(company.id, 'verify');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'in_progress', verification: 'verified', open_requirements: 0 });
    expect(res.body.verified_at).toBe(res.body.updated_at);
    expect(res.body.shareholders[1].passport).toMatch(/^file_/);
    const events = await next();
    expect(events.map((e) => e.type)).toEqual([
      'company.document.received',
      'requirement.fulfilled',
      'company.status.changed',
      'company.verified',
      'service_order.status.changed',
    ]);
    expectSnapshot(events[0], { status: 'requires_information', verification: 'pending' });
    expect(events[1].data.object).toMatchObject({
      id: asked[1].id,
      status: 'resolved',
      response: { file: res.body.shareholders[1].passport },
    });
    expectSnapshot(events[2], { status: 'in_progress', verification: 'verified', verified_at: res.body.verified_at });
    expect(events[3].data.object).toEqual(events[2].data.object);
    // Submitted for formation: the formation order's fulfilment starts with it.
    const formation = (await get(`/companies/${company.id}/service-orders`)).body.items.find((o: any) => o.product_key === 'formation');
    expect(formation).toMatchObject({ status: 'in_progress', workflow_status: 'in_preparation' });
    expect(events[4].data.object).toEqual(formation);
    company = res.body;

    const again = await sb.company(company.id, 'verify');
    expect(again.status).toBe(400);
    expect(again.body.detail).toContain("'verified'");
    expect(await next()).toEqual([]);
  });

  it('goes through signatures and to the state', async () => {
    for (const stage of ['signature_requested', 'submitted_to_state']) {
      const res = await sb.company(company.id, 'stage', { stage });
      expect(res.body.stage).toBe(stage);
    }
    const events = await next();
    expect(events.map((e) => e.type)).toEqual(['company.status.changed', 'company.status.changed']);
    expectSnapshot(events[1], { stage: 'submitted_to_state', status: 'in_progress' });
  });

  it('an EIN is refused before incorporation, naming the status', async () => {
    const res = await sb.company(company.id, 'assign-ein');
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain("'in_progress'");
  });

  it('incorporates: active, stage incorporated, incorporated_at and the legal date; the incorporated event carries the date', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const future = await sb.company(company.id, 'incorporate', { incorporation_date: '2999-01-01' });
    expect(future.body.errors[0]).toMatchObject({ location: '$.incorporation_date', validation_type: 'maximum' });
    const res = await sb.company(company.id, 'incorporate', { incorporation_date: today });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'active',
      stage: 'incorporated',
      incorporation_date: today,
      verified_at: company.verified_at,
    });
    expect(res.body.incorporated_at).toBe(res.body.updated_at);
    const events = await next();
    expect(events.map((e) => e.type)).toEqual([
      'company.status.changed',
      'company.incorporated',
      'service_order.status.changed',
      'service_order.completed',
    ]);
    expectSnapshot(events[0], { status: 'active', stage: 'incorporated' });
    expect(events[1].timestamp).toBe(`${today}T00:00:00.000Z`);
    expect(events[1].data.object).toEqual(events[0].data.object);
    // The state accepted the filing: the formation order is fulfilled, once.
    const formation = (await get(`/companies/${company.id}/service-orders`)).body.items.find((o: any) => o.product_key === 'formation');
    expect(formation).toMatchObject({ status: 'completed', workflow_status: 'completed', completed_at: res.body.incorporated_at });
    expect(events[2].data.object).toEqual(formation);
    expect(events[3].data.object).toEqual(formation);
    company = res.body;

    const again = await sb.company(company.id, 'incorporate');
    expect(again.body.detail).toContain("'active'");
  });

  it('assigns the EIN once, and only once', async () => {
    const res = await sb.company(company.id, 'assign-ein', { ein: '123456789' });
    expect(res.body).toMatchObject({ ein: '12-3456789', incorporated_at: company.incorporated_at });
    expect(res.body.ein_assigned_at).toBe(res.body.updated_at);
    const again = await sb.company(company.id, 'assign-ein');
    expect(again.status).toBe(400);
    expect(again.body.detail).toContain('12-3456789');
    const events = await next();
    expect(events.map((e) => e.type)).toEqual(['company.ein.assigned']);
    expectSnapshot(events[0], { ein: '12-3456789' });
    company = res.body;
  });

  it('publishes a formation document: listed, readable, downloadable, file.created', async () => {
    const res = await api(key).post(`/sandbox/companies/${company.id}/files`, { title: 'Articles of Organization' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      object: 'file',
      purpose: 'formation_document',
      type: 'application/pdf',
      company: company.id,
      title: 'Articles of Organization',
      livemode: false,
    });
    expect((await get(`/companies/${company.id}/files`)).body).toEqual({ object: 'list', items: [res.body] });
    expect((await get(`/files/${res.body.id}`)).body).toEqual(res.body);
    const content = await fetch(`${c.base_url}/files/${res.body.id}/content`, { headers: { Authorization: `Bearer ${key}` } });
    expect(content.status).toBe(200);
    expect(content.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await content.arrayBuffer());
    expect(bytes.length).toBe(res.body.size);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const events = await next();
    expect(events.map((e) => e.type)).toEqual(['file.created']);
    expect(events[0].data.object).toEqual(res.body);
  });

  it('an identity update fires company.updated; the fixed-once stamps never move', async () => {
    const res = await sb.company(company.id, 'update', {
      industry: 'software',
      address: { line1: '1 Main St', city: 'Cheyenne', state: 'WY', postal_code: '82001' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ industry: 'software', address: { line1: '1 Main St', country: 'US' } });
    for (const f of ['verified_at', 'incorporated_at', 'incorporation_date', 'ein_assigned_at']) expect(res.body[f]).toBe(company[f]);
    const bad = await sb.company(company.id, 'update', { ending: 'inc' });
    expect(bad.body.errors[0].location).toBe('$.ending');
    const events = await next();
    expect(events.map((e) => e.type)).toEqual(['company.updated']);
    expectSnapshot(events[0], { industry: 'software' });
  });

  it('the whole log reads in order, created_at never decreasing (events of one transaction share it)', async () => {
    const all = await eventsOf(key, company.id);
    expect(all.map((e) => e.type)).toEqual([
      'company.created',
      'service_order.status.changed',
      'service_order.status.changed',
      'requirement.created',
      'requirement.created',
      'requirement.created',
      'company.document.received',
      'requirement.fulfilled',
      'requirement.fulfilled',
      'company.status.changed',
      'company.document.received',
      'requirement.fulfilled',
      'company.status.changed',
      'company.verified',
      'service_order.status.changed',
      'company.status.changed',
      'company.status.changed',
      'company.status.changed',
      'company.incorporated',
      'service_order.status.changed',
      'service_order.completed',
      'company.ein.assigned',
      'file.created',
      'company.updated',
    ]);
    for (let i = 1; i < all.length; i++) expect(all[i].created_at >= all[i - 1].created_at).toBe(true);
    for (const e of all) expect(e).toMatchObject({ object: 'event', company_id: company.id, livemode: false });
  });
});

describe('the sandbox walks the stage machine the live formation walks', () => {
  it('incorporate from preparing_documents walks the stages to submitted_to_state first: active, with one company.status.changed per stage', async () => {
    const company = await createCompany(key, anLlc({ shareholders: [anOwner()] }));
    expect(company.stage).toBe('preparing_documents');
    expect((await sb.company(company.id, 'verify')).body.status).toBe('in_progress');
    const seen = (await eventsOf(key, company.id)).length;
    const res = await sb.company(company.id, 'incorporate');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'active', stage: 'incorporated' });
    const events = (await eventsOf(key, company.id)).slice(seen);
    expect(events.map((e) => e.type)).toEqual([
      'company.status.changed',
      'company.status.changed',
      'company.status.changed',
      'company.incorporated',
      'service_order.status.changed',
      'service_order.completed',
    ]);
    expect(events.slice(0, 3).map((e) => [e.data.object.status, e.data.object.stage])).toEqual([
      ['in_progress', 'documents_generated'],
      ['in_progress', 'submitted_to_state'],
      ['active', 'incorporated'],
    ]);
  });

  it('walked by hand to submitted_to_state, incorporate fires the one move left', async () => {
    const company = await createCompany(key, anLlc({ shareholders: [anOwner()] }));
    expect((await sb.company(company.id, 'verify')).status).toBe(200);
    for (const stage of ['documents_generated', 'submitted_to_state'])
      expect((await sb.company(company.id, 'stage', { stage })).status).toBe(200);
    const seen = (await eventsOf(key, company.id)).length;
    expect((await sb.company(company.id, 'incorporate')).status).toBe(200);
    expect((await eventsOf(key, company.id)).slice(seen).map((e) => e.type)).toEqual([
      'company.status.changed',
      'company.incorporated',
      'service_order.status.changed',
      'service_order.completed',
    ]);
  });

  it('incorporation still waits for verification, and for a new name after a conflict', async () => {
    const company = await createCompany(key, anLlc({ shareholders: [anOwner()] }));
    expect((await sb.company(company.id, 'incorporate')).body.detail).toContain("'requires_information'");
    expect((await sb.company(company.id, 'verify')).status).toBe(200);
    const conflict = await sb.company(company.id, 'name-conflict');
    expect(conflict.status).toBe(200);
    expect(conflict.body.stage).toBe('name_conflict');
    const refused = await sb.company(company.id, 'incorporate');
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toContain("'name_conflict'");
  });
});
