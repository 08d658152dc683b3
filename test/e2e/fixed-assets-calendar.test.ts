import { api } from '../support/http';
import { useStackDatabase } from '../support/stack';
import { createCompany, anLlc } from '../support/companies';

const c = useStackDatabase();
const test = api(c.test_key);

describe('fixed assets', () => {
  it('creates, lists, gets and deletes an asset, amounts in cents and business use in percent', async () => {
    const company = await createCompany(c.test_key);
    const created = await test.post(`/companies/${company.id}/fixed-assets`, {
      title: 'Laptop',
      placed_in_service: '2026-03-15',
      cost: 249_900,
      salvage_value: 10_000,
      business_use: 80,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      object: 'fixed_asset',
      number: 'FA-0001',
      company: company.id,
      title: 'Laptop',
      livemode: false,
      placed_in_service: '2026-03-15',
      cost: 249_900,
      salvage_value: 10_000,
      business_use: 80,
      depreciable_basis: 199_920,
    });
    expect(created.body.id).toMatch(/^fxa_[0-9A-Za-z]{22}$/);
    const second = await test.post(`/companies/${company.id}/fixed-assets`, {
      title: 'Desk',
      placed_in_service: '2026-04-01',
      cost: 50_000,
    });
    expect(second.body).toMatchObject({ number: 'FA-0002', business_use: 100, salvage_value: 0, depreciable_basis: 50_000 });

    const list = await test.get(`/companies/${company.id}/fixed-assets`);
    expect(list.body).toEqual({ object: 'list', items: [second.body, created.body] });
    expect((await test.get(`/companies/${company.id}/fixed-assets/${created.body.id}`)).body).toEqual(created.body);

    const deleted = await test.delete(`/companies/${company.id}/fixed-assets/${created.body.id}`);
    expect(deleted.body).toEqual({ object: 'fixed_asset', id: created.body.id, deleted: true });
    expect((await test.get(`/companies/${company.id}/fixed-assets/${created.body.id}`)).status).toBe(404);
    expect((await api(c.live_key).get(`/companies/${company.id}/fixed-assets/${second.body.id}`)).status).toBe(404);
  });

  it('refuses fractional cents, a salvage value above cost, more than two decimals of business use and an impossible date', async () => {
    const company = await createCompany(c.test_key);
    const res = await test.post(`/companies/${company.id}/fixed-assets`, {
      title: 'Van',
      placed_in_service: '2026-02-30',
      cost: 1999.5,
      business_use: 33.333,
    });
    expect(res.status).toBe(400);
    const locations = res.body.errors.map((e: any) => e.location).sort();
    expect(locations).toEqual(['$.business_use', '$.cost', '$.placed_in_service']);
    const salvage = await test.post(`/companies/${company.id}/fixed-assets`, {
      title: 'Van',
      placed_in_service: '2026-02-28',
      cost: 1000,
      salvage_value: 2000,
    });
    expect(salvage.body.errors[0]).toMatchObject({ location: '$.salvage_value', validation_type: 'maximum' });
  });
});

describe('compliance calendar', () => {
  it("lists the company's annual report and federal filing deadlines with reminder points", async () => {
    const company = await createCompany(c.test_key, anLlc({ state: 'DE' }));
    const res = await test.get(`/companies/${company.id}/calendar-events`);
    expect(res.status).toBe(200);
    expect(res.body.items.map((e: any) => e.kind)).toEqual(['annual_report', 'federal_tax_filing']);
    expect(res.body.items[0].due_at).toMatch(/-06-01T00:00:00.000Z$/);
    expect(res.body.items[0].reminders).toHaveLength(3);
  });

  it('fires calendar.reminder once per point, with due_at and the remind_at that fired', async () => {
    const company = await createCompany(c.test_key);
    const fired: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await test.post(`/sandbox/companies/${company.id}/reminders`, { kind: 'federal_tax_filing' });
      expect(res.status).toBe(200);
      fired.push(res.body.remind_at);
    }
    expect(new Set(fired).size).toBe(3);
    const none = await test.post(`/sandbox/companies/${company.id}/reminders`, { kind: 'federal_tax_filing' });
    expect(none.status).toBe(400);
    const events = (await test.get(`/events?company_id=${company.id}&type=calendar.reminder`)).body.items;
    expect(events).toHaveLength(3);
    expect(events[0].data.object).toMatchObject({ object: 'calendar_event', kind: 'federal_tax_filing' });
    expect(events.map((e: any) => e.data.object.remind_at).sort()).toEqual([...fired].sort());
    const calendar = (await test.get(`/companies/${company.id}/calendar-events`)).body.items.find(
      (e: any) => e.kind === 'federal_tax_filing',
    );
    expect(calendar.reminders_fired).toEqual(calendar.reminders);
  });
});
