import { api } from '../support/http';
import { useStackDatabase } from '../support/stack';
import { anLlc, anOwner, createCompany } from '../support/companies';
import { eventsOf, sandbox } from '../support/lifecycle';

/**
 * An EIN application order whose EIN was issued has done its work: it completes
 * with `company.ein.assigned`, in the same transaction, and is no longer cancellable (no credit for
 * work done). Over HTTP through the sandbox triggers.
 */
const c = useStackDatabase();
jest.setTimeout(90_000); // multi-step flows over HTTP on a shared machine
const key = c.test_key;
const client = api(key);
const sb = sandbox(key);

it('the EIN order completes when the EIN is issued, and a cancel of it is refused', async () => {
  const company = await createCompany(key, anLlc({ shareholders: [anOwner()], services: ['ein_application'] }));
  const einOrder = async () =>
    (await client.get(`/companies/${company.id}/service-orders`)).body.items.find((o: any) => o.product_key === 'ein_application');
  expect((await einOrder()).status).toBe('received');
  expect((await sb.company(company.id, 'verify')).status).toBe(200);
  for (const stage of ['documents_generated', 'submitted_to_state'])
    expect((await sb.company(company.id, 'stage', { stage })).status).toBe(200);
  expect((await sb.company(company.id, 'incorporate')).status).toBe(200);
  const seen = (await eventsOf(key, company.id)).length;

  const assigned = await sb.company(company.id, 'assign-ein');
  expect(assigned.status).toBe(200);
  const order = await einOrder();
  expect(order).toMatchObject({ status: 'completed', workflow_status: 'completed', completed_at: assigned.body.ein_assigned_at });
  const events = (await eventsOf(key, company.id)).slice(seen);
  expect(events.map((e) => e.type)).toEqual(['company.ein.assigned', 'service_order.status.changed', 'service_order.completed']);
  expect(events[1].data.object).toEqual(order);
  expect(events[1].data.previous_attributes).toMatchObject({ status: 'received', completed_at: null });

  const cancel = await client.post(`/service-orders/${order.id}/cancel`);
  expect(cancel.status).toBe(400);
  expect(cancel.body.code).toBe('invalid_request');
  expect(await einOrder()).toEqual(order);
  expect((await eventsOf(key, company.id)).length).toBe(seen + 3);
});
