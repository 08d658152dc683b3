import { api } from '../support/http';
import { useStackDatabase } from '../support/stack';
import { createCompany } from '../support/companies';
import { eventsOf } from '../support/lifecycle';

const c = useStackDatabase();
jest.setTimeout(60_000); // several triggers over HTTP on a shared machine
const test = api(c.test_key);

/** The types of the company's events recorded after the first `seen`, oldest first. */
async function typesSince(companyId: string, seen: number): Promise<string[]> {
  return (await eventsOf(c.test_key, companyId)).slice(seen).map((e) => e.type);
}

describe('a bare tax-filing advance takes the next step', () => {
  it('each advance without a body moves the filing one step and fires tax_filing.status.changed; a final filing is refused', async () => {
    const company = await createCompany(c.test_key);
    await test.post(`/sandbox/companies/${company.id}/entitlements`, { kind: 'federal_tax_filing', delta: 1 });
    const filing = (await test.post(`/sandbox/companies/${company.id}/tax-filings`, { kind: 'federal', year: 2025 })).body;
    const seen = (await eventsOf(c.test_key, company.id)).length;

    const steps: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await test.post(`/sandbox/tax-filings/${filing.id}/advance`, {});
      expect(res.status).toBe(200);
      steps.push(res.body.status);
    }
    expect(steps).toEqual(['in_progress', 'filed', 'accepted']);
    const changed = (await eventsOf(c.test_key, company.id)).slice(seen);
    expect(changed.map((e) => e.type)).toEqual(Array(3).fill('tax_filing.status.changed'));
    expect(changed.map((e) => e.data.object.status)).toEqual(['in_progress', 'filed', 'accepted']);

    const final = await test.post(`/sandbox/tax-filings/${filing.id}/advance`, {});
    expect(final.status).toBe(400);
    expect(final.body.code).toBe('invalid_request');
    expect(final.body.errors).toEqual([
      expect.objectContaining({
        location: '$.status',
        validation_type: 'state',
        how_to_fix: expect.stringContaining(`{"kind": "federal", "year": 2024}`),
      }),
    ]);
    expect(await typesSince(company.id, seen + 3)).toEqual([]);
  });

  it('an advance that names its progress only keeps the status', async () => {
    const company = await createCompany(c.test_key);
    await test.post(`/sandbox/companies/${company.id}/entitlements`, { kind: 'state_tax_filing', delta: 1 });
    const filing = (await test.post(`/sandbox/companies/${company.id}/tax-filings`, { kind: 'state', year: 2025 })).body;
    const res = await test.post(`/sandbox/tax-filings/${filing.id}/advance`, { progress: 'collecting_documents' });
    expect(res.body).toMatchObject({ status: 'open', progress: 'collecting_documents' });
  });
});

describe('sandbox billing run', () => {
  it('an as_of that is no date-time is refused once, for its format only', async () => {
    const res = await test.post('/sandbox/billing/run', { as_of: 'next tuesday' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ location: '$.as_of', validation_type: 'format' })]);
  });
});

describe('compliance reminders of a dissolved company', () => {
  it('the reminders trigger refuses a dissolved company and fires nothing', async () => {
    const company = await createCompany(c.test_key);
    expect((await test.post(`/sandbox/companies/${company.id}/dissolve`, {})).status).toBe(200);
    const seen = (await eventsOf(c.test_key, company.id)).length;

    const res = await test.post(`/sandbox/companies/${company.id}/reminders`, {});
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ location: '$', validation_type: 'state' })]);
    expect(res.body.detail).toMatch(/'dissolved'/);
    expect(await typesSince(company.id, seen)).toEqual([]);
  });
});
