import { DASHBOARD_RATE_LIMIT } from '../../lib/http/dashboard/rate-limit';
import { dashboard } from '../support/dashboard';
import { credentials, useStackDatabase } from '../support/stack';

/**
 * The embedded default's seeded owner carries a dashboard limit of their own (infra/local/seed.ts): the
 * seeded keys' limit, never below the product's. A developer's scripts and this suite's files share
 * that one session; every other member has the product's limit (test/e2e/partner-caps.test.ts).
 */
useStackDatabase();

it("holds the seeded owner to the seeded keys' limit: twice the product's burst at once is answered", async () => {
  // The suite's runtime seeds its keys with a burst of 100,000 (test/support/global-setup.ts).
  const seeded = dashboard(credentials().dashboard_session);
  const answers = await Promise.all(Array.from({ length: DASHBOARD_RATE_LIMIT.burst * 2 }, () => seeded.get('/keys')));
  expect(answers.map((a) => a.status).filter((s) => s !== 200)).toEqual([]);
  expect(answers[0].headers.get('ratelimit-policy')).toContain('"burst";q=100000');
});
