import { api } from '../support/http';
import { useStackDatabase } from '../support/stack';
import { anLlc, anOwner, createCompany } from '../support/companies';
import { aPdf, eventsOf, sandbox, uploadFile } from '../support/lifecycle';

const c = useStackDatabase();
jest.setTimeout(90_000); // multi-step flows over HTTP; the machine running them is shared
const key = c.test_key;
const sb = sandbox(key);
const address = { line1: '500 Market St', city: 'Cheyenne', state: 'WY', postal_code: '82001' };

describe('a pre_existing company through onboarding', () => {
  let company: any;

  beforeAll(async () => {
    company = await createCompany(key, anLlc({ pre_existing: true, address, shareholders: [anOwner()] }));
  });

  it('has no formation stage, so stage moves and incorporation are refused', async () => {
    expect(company).toMatchObject({ pre_existing: true, status: 'requires_information', verification: 'pending' });
    expect(company).not.toHaveProperty('stage');
    const stage = await sb.company(company.id, 'stage', { stage: 'documents_generated' });
    expect(stage.status).toBe(400);
    expect(stage.body.detail).toContain("'pre_existing'");
  });

  it('onboarding waits for verification, naming the current status', async () => {
    const res = await sb.company(company.id, 'complete-onboarding');
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain("'requires_information'");
  });

  it("the owner's upload verifies it; onboarding completes once and the company is active", async () => {
    const up = await uploadFile(
      key,
      { purpose: 'identity_document', company: company.id, shareholder: company.shareholders[0].id },
      { bytes: aPdf() },
    );
    expect(up.status).toBe(201);
    const verified = (await api(key).get(`/companies/${company.id}`)).body;
    expect(verified).toMatchObject({ status: 'in_progress', verification: 'verified' });

    const done = await sb.company(company.id, 'complete-onboarding');
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'active', verification: 'verified', verified_at: verified.verified_at });
    expect(done.body).not.toHaveProperty('stage');
    expect(done.body).not.toHaveProperty('onboarding_completed_at');
    const again = await sb.company(company.id, 'complete-onboarding');
    expect(again.body.detail).toContain("'active'");
    expect((await sb.company(company.id, 'incorporate')).status).toBe(400);

    const types = (await eventsOf(key, company.id)).map((e) => e.type).filter((t) => t.startsWith('company.'));
    expect(types).toEqual([
      'company.created',
      'company.document.received',
      'company.status.changed',
      'company.verified',
      'company.status.changed',
      'company.onboarding.completed',
    ]);
  });

  it('an EIN can be assigned to a pre_existing company that had none, once', async () => {
    const res = await sb.company(company.id, 'assign-ein');
    expect(res.body.ein).toMatch(/^[0-9]{2}-[0-9]{7}$/);
    expect((await sb.company(company.id, 'assign-ein')).status).toBe(400);
  });

  it('a supplied EIN is never assigned again', async () => {
    const withEin = await createCompany(key, anLlc({ pre_existing: true, address, ein: '98-7654321' }));
    const res = await sb.company(withEin.id, 'assign-ein');
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain('98-7654321');
  });
});

describe('a company to dissolved', () => {
  let company: any;
  let requirements: any[];

  let delivered: any;

  beforeAll(async () => {
    company = await createCompany(key, anLlc({ shareholders: [anOwner()], services: ['bookkeeping', 'ein_application'] }));
    requirements = [
      (await api(key).post(`/sandbox/companies/${company.id}/requirements`, { type: 'information', message: 'Describe the business.' }))
        .body,
      (
        await api(key).post(`/sandbox/companies/${company.id}/requirements`, {
          type: 'signature',
          document_name: 'Operating Agreement',
          signers: [{ name: 'Grace Hopper', email: 'grace@example.com' }],
        })
      ).body,
    ];
    // Bookkeeping is delivered (a running subscription); the EIN application is in fulfilment.
    delivered = (await api(key).get(`/companies/${company.id}/service-orders`)).body.items.find(
      (o: any) => o.product_key === 'bookkeeping',
    );
    const ein = (await api(key).get(`/companies/${company.id}/service-orders`)).body.items.find(
      (o: any) => o.product_key === 'ein_application',
    );
    for (const [id, action] of [
      [delivered.id, 'start'],
      [delivered.id, 'complete'],
      [ein.id, 'start'],
    ])
      expect((await api(key).post(`/sandbox/service-orders/${id}/${action}`, {})).status).toBe(200);
  });

  it('closes open requirements, settles every unfulfilled order, stops renewals, closes the stage and fires company.dissolved once', async () => {
    const before = (await api(key).get(`/companies/${company.id}/service-orders`)).body.items;
    const unfulfilled = before.filter((o: any) => o.status !== 'completed');
    // formation and registered agent (received), EIN application (in fulfilment)
    expect(unfulfilled.map((o: any) => o.product_key).sort()).toEqual(['ein_application', 'formation', 'registered_agent']);
    const seen = (await eventsOf(key, company.id)).length;

    const res = await sb.company(company.id, 'dissolve');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'dissolved', stage: 'closed', open_requirements: 0 });
    expect(res.body.dissolved_at).toBe(res.body.updated_at);

    for (const r of requirements) {
      const read = (await api(key).get(`/requirements/${r.id}`)).body;
      expect(read).toMatchObject({ status: 'canceled', cancel_reason: 'The company was dissolved.', canceled_at: res.body.dissolved_at });
    }
    const after = (await api(key).get(`/companies/${company.id}/service-orders`)).body.items;
    for (const order of unfulfilled) {
      const now = after.find((o: any) => o.id === order.id);
      expect(now).toMatchObject({ status: 'canceled', canceled_at: res.body.dissolved_at });
      expect(now).not.toHaveProperty('next_renewal_at');
    }
    const subscription = after.find((o: any) => o.id === delivered.id);
    expect(subscription).toMatchObject({
      status: 'completed',
      renewal_canceled_at: res.body.dissolved_at,
      renewal_ends_at: delivered.next_renewal_at,
    });

    const events = (await eventsOf(key, company.id)).slice(seen);
    const types = events.map((e) => e.type);
    // The two opened above and the owner's identity document, asked for at creation.
    expect(types.filter((t) => t === 'requirement.canceled')).toHaveLength(3);
    const moved = events.filter((e) => e.type === 'service_order.status.changed').map((e) => e.data.object);
    expect(moved.map((o) => o.id).sort()).toEqual(unfulfilled.map((o: any) => o.id).sort());
    expect(moved.every((o) => o.status === 'canceled')).toBe(true);
    expect(events.filter((e) => e.type === 'service_order.renewal_canceled').map((e) => e.data.object.id)).toEqual([delivered.id]);
    expect(types.slice(-2)).toEqual(['company.status.changed', 'company.dissolved']);
    expect(events.at(-1).data.object).toMatchObject({ status: 'dissolved', dissolved_at: res.body.dissolved_at });
    expect(events.at(-1).data.object).not.toHaveProperty('open_requirements');
  });

  it('is final: every further trigger, upload, requirement, status link and order is refused', async () => {
    const again = await sb.company(company.id, 'dissolve');
    expect(again.status).toBe(400);
    expect(again.body.detail).toContain("'dissolved'");
    for (const [action, body] of [
      ['verify', {}],
      ['stage', { stage: 'documents_generated' }],
      ['update', { industry: 'software' }],
      ['assign-ein', {}],
      ['name-conflict', {}],
    ] as const) {
      const res = await sb.company(company.id, action, body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('invalid_request');
    }
    expect((await api(key).post(`/sandbox/companies/${company.id}/requirements`, { type: 'information' })).status).toBe(400);
    expect((await api(key).post(`/companies/${company.id}/status-tokens`)).status).toBe(400);
    expect((await uploadFile(key, { purpose: 'additional_document', company: company.id }, { bytes: aPdf() })).status).toBe(400);
    const order = await api(key).post(`/companies/${company.id}/service-orders`, { product_key: 'ein_application' });
    expect(order.status).toBe(400);
    expect(order.body.detail).toContain('dissolved');
  });

  it('frees the name in its state', async () => {
    const again = await api(key).post('/companies', anLlc({ name: company.name, state: company.state }));
    expect(again.status).toBe(201);
  });
});
