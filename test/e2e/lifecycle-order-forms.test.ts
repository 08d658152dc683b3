import { api } from '../support/http';
import { useStackDatabase } from '../support/stack';
import { anLlc, createCompany } from '../support/companies';
import { eventsOf } from '../support/lifecycle';

const c = useStackDatabase();
jest.setTimeout(90_000); // multi-step flows over HTTP; the machine running them is shared
const key = c.test_key;

describe("an order's form requirement, kept by the lifecycle's requirement store", () => {
  it('opens with the order, counts on the company, and answered through /fulfill moves the order on', async () => {
    const company = await createCompany(key, anLlc());
    const order = (await api(key).post(`/companies/${company.id}/service-orders`, { product_key: 'ein_application' })).body;
    expect((await api(key).post(`/sandbox/service-orders/${order.id}/start`)).status).toBe(200);
    expect((await api(key).post(`/sandbox/service-orders/${order.id}/require-action`)).body.status).toBe('requires_action');

    const read = (await api(key).get(`/companies/${company.id}?expand[]=requirements`)).body;
    expect(read.open_requirements).toBe(1);
    const [requirement] = read.requirements;
    expect(requirement).toMatchObject({ type: 'form', status: 'open', service_order: order.id, requested_by: 'system' });
    expect(requirement.form.fields.map((f: any) => f.key)).toEqual(['contact_name', 'contact_email']);
    expect((await api(key).get(`/requirements/${requirement.id}`)).body).toEqual(requirement);

    const bad = await api(key).post(`/requirements/${requirement.id}/fulfill`, {
      answers: { contact_name: 'Jane Doe', contact_email: 'not-an-email' },
    });
    expect(bad.body.errors[0]).toMatchObject({ location: '$.answers.contact_email', validation_type: 'pattern' });
    // The way to the form's keys names this requirement's order, not a placeholder.
    const wrongField = await api(key).post(`/requirements/${requirement.id}/fulfill`, { name: 'Acme Robotics' });
    expect(wrongField.body.errors[0]).toMatchObject({ location: '$.name', validation_type: 'additionalProperties' });
    expect(wrongField.body.errors[0].how_to_fix).toContain(`GET /v1/service-orders/${order.id})`);

    const answers = { contact_name: 'Jane Doe', contact_email: 'jane@example.com' };
    const res = await api(key).post(`/requirements/${requirement.id}/fulfill`, { answers });
    expect(res.body).toMatchObject({ status: 'resolved', response: { answers } });
    expect((await api(key).get(`/service-orders/${order.id}`)).body.status).toBe('in_progress');
    expect((await api(key).get(`/companies/${company.id}`)).body.open_requirements).toBe(0);
    const fulfilled = (await eventsOf(key, company.id)).filter((e) => e.type === 'requirement.fulfilled');
    expect(fulfilled.map((e) => e.data.object.id)).toEqual([requirement.id]);
  });

  it("the order's own form endpoint resolves the same requirement once", async () => {
    const company = await createCompany(key, anLlc());
    const order = (await api(key).post(`/companies/${company.id}/service-orders`, { product_key: 'ein_application' })).body;
    await api(key).post(`/sandbox/service-orders/${order.id}/start`);
    await api(key).post(`/sandbox/service-orders/${order.id}/require-action`);
    const [requirement] = (await api(key).get(`/companies/${company.id}/requirements`)).body.items;
    const res = await api(key).post(`/service-orders/${order.id}/form`, {
      answers: { contact_name: 'Jane Doe', contact_email: 'jane@example.com' },
    });
    expect(res.body.status).toBe('in_progress');
    expect((await api(key).get(`/requirements/${requirement.id}`)).body).toMatchObject({ status: 'resolved' });
    const again = (await api(key).post(`/requirements/${requirement.id}/fulfill`, { answers: {} })).body;
    expect(again.detail).toContain("'resolved'");
    expect(again.errors[0].how_to_fix).toBe(`List the open requirements with GET /v1/companies/${company.id}/requirements.`);
    expect((await api(key).get(`/companies/${company.id}`)).body.open_requirements).toBe(0);
  });
});
