import { api } from '../support/http';
import { useStackDatabase } from '../support/stack';
import { anLlc, anOwner, createCompany } from '../support/companies';
import { eventsOf, sandbox } from '../support/lifecycle';

/**
 * Every move of a company's `status` records `company.status.changed` beside any more specific event
 * (the contract's "Events a partner can follow"; docs/decisions.md, "Company status"): a partner that
 * follows that one type over GET /events sees every status a company takes, in order, whichever
 * trigger moved it. Each company here is walked through its statuses by the sandbox triggers; after
 * each step the company's own status is read back and the events it recorded are checked.
 */
const c = useStackDatabase();
jest.setTimeout(120_000); // multi-step flows over HTTP; the machine running them is shared
const key = c.test_key;
const sb = sandbox(key);
const address = { line1: '500 Market St', city: 'Cheyenne', state: 'WY', postal_code: '82001' };

/** Follows one company: each step's new events, and the statuses its status.changed events carry. */
function follow(companyId: () => string) {
  let seen = 0;
  return {
    /** The events recorded since the last call, oldest first. */
    async fresh() {
      const all = await eventsOf(key, companyId());
      const out = all.slice(seen);
      seen = all.length;
      return out;
    },
    /** Every status a partner following company.status.changed alone has seen, repeats folded. */
    async statusesSeen() {
      const moves = (await eventsOf(key, companyId())).filter((e) => e.type === 'company.status.changed');
      return moves.map((e) => e.data.object.status).filter((s, i, all) => i === 0 || all[i - 1] !== s);
    },
  };
}

const statusOf = async (id: string) => (await api(key).get(`/companies/${id}`)).body.status;

/**
 * One trigger that moves the status: it answers 200, the company now has `to`, and among the events
 * it recorded a company.status.changed carries `to`, before the move's own event when it has one.
 */
async function expectMove(
  step: () => Promise<{ status: number; text?: string }>,
  f: ReturnType<typeof follow>,
  id: string,
  to: string,
  own?: string,
) {
  const res = await step();
  expect([200, 201]).toContain(res.status);
  expect(await statusOf(id)).toBe(to);
  const events = await f.fresh();
  const types = events.map((e) => e.type);
  const moved = events.filter((e) => e.type === 'company.status.changed' && e.data.object.status === to);
  expect(moved.length).toBeGreaterThanOrEqual(1);
  for (const e of moved) expect(e).toMatchObject({ company_id: id, livemode: false, data: { object: { object: 'company', id } } });
  if (own) {
    expect(types).toContain(own);
    expect(types.indexOf('company.status.changed')).toBeLessThan(types.indexOf(own));
    expect(events.find((e) => e.type === own).data.object.status).toBe(to);
  }
  return events;
}

describe('a company the operator forms: requires_information → in_progress → active → dissolved', () => {
  let company: any;
  const f = follow(() => company.id);

  beforeAll(async () => {
    company = await createCompany(key, anLlc({ shareholders: [anOwner()] }));
    expect(company.status).toBe('requires_information');
    await f.fresh();
  });

  it('verification moves it to in_progress: company.status.changed, then company.verified', async () => {
    const events = await expectMove(() => sb.company(company.id, 'verify'), f, company.id, 'in_progress', 'company.verified');
    const moved = events.find((e) => e.type === 'company.status.changed');
    expect(moved.data.object).toMatchObject({ status: 'in_progress', verification: 'verified' });
    expect(events.filter((e) => e.type === 'company.verified')).toHaveLength(1);
  });

  it('each stage move records company.status.changed with the stage, the status staying in_progress', async () => {
    for (const stage of ['documents_generated', 'submitted_to_state']) {
      expect((await sb.company(company.id, 'stage', { stage })).status).toBe(200);
      const events = await f.fresh();
      expect(events.map((e) => e.type)).toEqual(['company.status.changed']);
      expect(events[0].data.object).toMatchObject({ status: 'in_progress', stage });
    }
  });

  it('incorporation moves it to active: company.status.changed, then company.incorporated', async () => {
    await expectMove(() => sb.company(company.id, 'incorporate'), f, company.id, 'active', 'company.incorporated');
  });

  it('dissolution moves it to dissolved: company.status.changed, then company.dissolved', async () => {
    await expectMove(() => sb.company(company.id, 'dissolve'), f, company.id, 'dissolved', 'company.dissolved');
  });

  it('following company.status.changed alone shows every status it took', async () => {
    expect(await f.statusesSeen()).toEqual(['in_progress', 'active', 'dissolved']);
  });
});

describe('a pre_existing company: requires_information → in_progress → active → dissolved, with no stage', () => {
  let company: any;
  const f = follow(() => company.id);

  beforeAll(async () => {
    company = await createCompany(key, anLlc({ pre_existing: true, address }));
    expect(company).not.toHaveProperty('stage');
    await f.fresh();
  });

  it('verification: company.status.changed, then company.verified', async () => {
    await expectMove(() => sb.company(company.id, 'verify'), f, company.id, 'in_progress', 'company.verified');
  });

  it('onboarding: company.status.changed, then company.onboarding.completed', async () => {
    await expectMove(() => sb.company(company.id, 'complete-onboarding'), f, company.id, 'active', 'company.onboarding.completed');
  });

  it('dissolution of a company without a stage still records company.status.changed', async () => {
    await expectMove(() => sb.company(company.id, 'dissolve'), f, company.id, 'dissolved', 'company.dissolved');
    expect(await f.statusesSeen()).toEqual(['in_progress', 'active', 'dissolved']);
  });
});

describe('a cancelled formation: requires_information → cancelled → dissolved', () => {
  let company: any;
  const f = follow(() => company.id);

  beforeAll(async () => {
    company = await createCompany(key, anLlc({ shareholders: [anOwner()] }));
    await f.fresh();
  });

  it('cancelling the formation order cancels the company: company.status.changed', async () => {
    const orders = (await api(key).get(`/companies/${company.id}/service-orders`)).body.items;
    const formation = orders.find((o: any) => o.product_key === 'formation');
    await expectMove(() => api(key).post(`/service-orders/${formation.id}/cancel`), f, company.id, 'cancelled');
  });

  it('dissolving the cancelled company (its stage closed already) records company.status.changed', async () => {
    await expectMove(() => sb.company(company.id, 'dissolve'), f, company.id, 'dissolved', 'company.dissolved');
    expect(await f.statusesSeen()).toEqual(['cancelled', 'dissolved']);
  });
});
