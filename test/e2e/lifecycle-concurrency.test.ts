import { api } from '../support/http';
import { useStackDatabase } from '../support/stack';
import { anLlc, anOwner, createCompany } from '../support/companies';
import { eventsOf, sandbox } from '../support/lifecycle';

const c = useStackDatabase();
jest.setTimeout(90_000); // multi-step flows over HTTP; the machine running them is shared
const key = c.test_key;
const sb = sandbox(key);
const TRIES = 4;

/** Fires the same trigger TRIES times at once; exactly one may succeed, the rest are refused cleanly. */
async function race(companyId: string, action: string, body: unknown = {}) {
  const results = await Promise.all(Array.from({ length: TRIES }, () => sb.company(companyId, action, body)));
  const statuses = results.map((r) => r.status).sort();
  expect(statuses).toEqual([200, ...Array(TRIES - 1).fill(400)]);
  for (const r of results.filter((x) => x.status === 400)) expect(r.body.code).toBe('invalid_request');
  return results.find((r) => r.status === 200)!.body;
}

const count = async (companyId: string, type: string) => (await eventsOf(key, companyId)).filter((e) => e.type === type).length;

describe('concurrent duplicate triggers fire each "once" event once', () => {
  it('verify, incorporate, assign-ein and dissolve, each raced', async () => {
    const company = await createCompany(key, anLlc({ shareholders: [anOwner()] }));
    const verified = await race(company.id, 'verify');
    expect(await count(company.id, 'company.verified')).toBe(1);
    expect(await count(company.id, 'company.document.received')).toBe(1);

    for (const stage of ['documents_generated', 'submitted_to_state']) await sb.company(company.id, 'stage', { stage });
    const incorporated = await race(company.id, 'incorporate');
    expect(await count(company.id, 'company.incorporated')).toBe(1);

    const withEin = await race(company.id, 'assign-ein');
    expect(await count(company.id, 'company.ein.assigned')).toBe(1);

    const dissolved = await race(company.id, 'dissolve');
    expect(await count(company.id, 'company.dissolved')).toBe(1);

    const final = (await api(key).get(`/companies/${company.id}`)).body;
    expect(final).toMatchObject({
      verified_at: verified.verified_at,
      incorporated_at: incorporated.incorporated_at,
      ein: withEin.ein,
      ein_assigned_at: withEin.ein_assigned_at,
      dissolved_at: dissolved.dissolved_at,
    });
  });

  it('complete-onboarding raced on a pre_existing company', async () => {
    const company = await createCompany(
      key,
      anLlc({ pre_existing: true, address: { line1: '1 Main St', city: 'Cheyenne', state: 'WY', postal_code: '82001' } }),
    );
    await sb.company(company.id, 'verify');
    await race(company.id, 'complete-onboarding');
    expect(await count(company.id, 'company.onboarding.completed')).toBe(1);
  });

  it('two signers of one requirement signing at once: each signs once, fulfilled once', async () => {
    const company = await createCompany(key, anLlc());
    const { body: r } = await api(key).post(`/sandbox/companies/${company.id}/requirements`, {
      type: 'signature',
      document_name: 'Agreement',
      signers: [
        { name: 'A One', email: 'a@example.com' },
        { name: 'B Two', email: 'b@example.com' },
      ],
    });
    const results = await Promise.all([0, 1, 0, 1].map((i) => sb.signer(r.id, i, 'sign')));
    expect(results.map((x) => x.status).sort()).toEqual([200, 200, 400, 400]);
    const types = (await eventsOf(key, company.id)).filter((e) => e.data.object.id === r.id).map((e) => e.type);
    expect(types.filter((t) => t === 'requirement.signature.signed')).toHaveLength(2);
    expect(types.filter((t) => t === 'requirement.fulfilled')).toHaveLength(1);
    expect(types.at(-1)).toBe('requirement.fulfilled');
  });
});
