import { fuzzRoutes } from '../../proof/fuzz';
import { ROUTES } from '../../lib/routes';
import { credentials } from '../support/stack';

const c = credentials();

describe('hostile input, in its short form (npm run fuzz runs the full one)', () => {
  it('never answers 5xx, always answers errors with the spec envelope, and refused requests change nothing', async () => {
    const report = await fuzzRoutes({
      origin: new URL(c.base_url).origin,
      key: c.other_partner.test_key,
      runsPerRoute: 4,
      seed: 20261122,
      routes: ROUTES.filter((r) => !r.path.startsWith('/dashboard') || r.path.startsWith('/dashboard/api')),
    });
    expect(report.requests).toBeGreaterThan(ROUTES.length);
    expect(report.serverErrors).toEqual([]);
    expect(report.badEnvelopes).toEqual([]);
    expect(report.stateChanges).toEqual([]);
  }, 600_000);
});
