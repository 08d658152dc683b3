import { sessionFor } from '../support/dashboard';
import { FUZZ_CLASSES, fuzzRoutes } from '../../proof/fuzz';
import { ROUTES } from '../../lib/routes';
import { useStackDatabase } from '../support/stack';
import { aFreshPartner } from '../support/partners';

const c = useStackDatabase();

describe('hostile input, in its short form (npm run fuzz runs the full one)', () => {
  it('never answers 5xx, answers every error with the envelope (or our page) of at most 256 KB and 20 errors, keeps metadata verbatim, and refused requests change nothing', async () => {
    // A partner of its own: "refused requests change nothing" watches its event log and dashboard,
    // and other tests (the isolation matrices) write into other_partner's at the same time.
    const { partnerId, testKey } = await aFreshPartner();
    const report = await fuzzRoutes({
      origin: new URL(c.base_url).origin,
      key: testKey,
      runsPerRoute: 4,
      seed: 20261122,
      // A person of their own per session: a fuzzed "sign out everywhere" ends only that person's sessions.
      dashboardSession: async () => {
        const { token, session } = await sessionFor(partnerId);
        return { token, csrf: session.csrf_token };
      },
      short: true,
    });
    expect(report.routes).toBe(ROUTES.length);
    for (const cls of FUZZ_CLASSES) expect([cls, report.byClass[cls].requests >= ROUTES.length]).toEqual([cls, true]);
    expect(report.serverErrors).toEqual([]);
    expect(report.badEnvelopes).toEqual([]);
    expect(report.stateChanges).toEqual([]);
    expect(report.metadataLost).toEqual([]);
    // Error floods and slow patterns: every answer bounded, and the real forms' patterns answered.
    expect(report.oversizeErrors).toEqual([]);
    expect(report.byClass['error-floods'].largestError).toBeGreaterThan(0);
    expect(report.slowForms).toBeGreaterThanOrEqual(4); // (a|a)*$, ^(\d|\d\d)*$, \d*…x and (a+)+$ at least: RE2 runs them
    expect(report.metadataKept).toBeGreaterThanOrEqual(2); // an account's and a company's, at least
  }, 900_000);
});
