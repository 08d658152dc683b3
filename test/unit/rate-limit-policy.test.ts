import { exceeded, policyHeader, rateLimitHeaders, type PolicyState } from '../../lib/rate-limit/policy';

const state = (name: 'burst' | 'sustained', quota: number, used: number, reset: number): PolicyState => ({
  name,
  quota,
  window: name === 'burst' ? 1 : 60,
  used,
  reset,
});

describe('rate-limit headers', () => {
  it('writes the policy header in the spec form', () => {
    expect(policyHeader({ burst: 30, sustained: 120 })).toBe('"burst";q=30;w=1, "sustained";q=120;w=60');
  });

  it('describes the tightest policy: the one with fewest requests left', () => {
    const h = rateLimitHeaders({ burst: 30, sustained: 120 }, [state('burst', 30, 2, 1), state('sustained', 120, 115, 40)]);
    expect(h).toMatchObject({ 'RateLimit-Limit': '120', 'RateLimit-Remaining': '5', 'RateLimit-Reset': '40' });
  });

  it('finds the policy a request went over', () => {
    expect(exceeded([state('burst', 3, 4, 1), state('sustained', 120, 4, 40)])?.name).toBe('burst');
    expect(exceeded([state('burst', 3, 3, 1)])).toBeUndefined();
  });
});
