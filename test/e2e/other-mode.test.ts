import { api } from '../support/http';
import { useStackDatabase } from '../support/stack';
import { anLlc, createCompany } from '../support/companies';
import { absent, masked } from '../support/isolation';

/**
 * A `resource_missing` for an object the caller holds in its other mode says so and names the key to
 * use; another partner's object still answers exactly as an object that does not exist.
 */
const c = useStackDatabase();

describe('the other mode', () => {
  it('tells a live key that the company it asked for exists in test mode, and names the key to use', async () => {
    const company = await createCompany(c.test_key, anLlc());
    const res = await api(c.live_key).get(`/companies/${company.id}`);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('resource_missing');
    expect(res.body.detail).toBe(`No such company: '${company.id}'. It exists in test mode, but a live-mode key was used.`);
    expect(res.body.errors).toEqual([
      expect.objectContaining({ reason: 'exists in test mode', how_to_fix: expect.stringContaining('test key (svc_test_…)') }),
    ]);
  });

  it('says so for the other kinds found by id too: an account, an event', async () => {
    const company = await createCompany(c.live_key, anLlc());
    const events = await api(c.live_key).get(`/events?company_id=${company.id}&limit=1`);
    for (const path of [`/accounts/${company.account_id}`, `/events/${events.body.items[0].id}`]) {
      const res = await api(c.test_key).get(path);
      expect([path, res.status, res.body.detail]).toEqual([
        path,
        404,
        expect.stringContaining('It exists in live mode, but a test-mode key was used.'),
      ]);
    }
  });

  it('answers another partner’s object exactly as one that does not exist, in either mode', async () => {
    const theirs = await createCompany(c.other_partner.test_key, anLlc());
    const fake = absent('companyID', theirs.id);
    for (const key of [c.test_key, c.live_key]) {
      const real = await api(key).get(`/companies/${theirs.id}`);
      const none = await api(key).get(`/companies/${fake}`);
      expect({ status: real.status, body: masked(real.text, [theirs.id]) }).toEqual({
        status: none.status,
        body: masked(none.text, [fake]),
      });
      expect(real.body.detail).not.toMatch(/mode/);
    }
  });
});
