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
    expect((await api(key).post(`/requirements/${requirement.id}/fulfill`, { answers: {} })).body.detail).toContain("'resolved'");
    expect((await api(key).get(`/companies/${company.id}`)).body.open_requirements).toBe(0);
  });
});
