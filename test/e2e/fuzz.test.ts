import { fuzzRoutes } from '../../proof/fuzz';
import { ROUTES } from '../../lib/routes';
import { useStackDatabase } from '../support/stack';
import { aFreshPartner } from '../support/partners';

const c = useStackDatabase();

describe('hostile input, in its short form (npm run fuzz runs the full one)', () => {
  it('never answers 5xx, always answers errors with the spec envelope, and refused requests change nothing', async () => {
    // A partner of its own: "refused requests change nothing" watches the key's event log total, and
    // other tests (the isolation matrices) write into other_partner's log at the same time.
    const { testKey } = await aFreshPartner();
    const report = await fuzzRoutes({
      origin: new URL(c.base_url).origin,
      key: testKey,
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
