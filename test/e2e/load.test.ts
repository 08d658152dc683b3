import { issueApiKey } from '../../lib/auth/api-key';
import { rateLimitIsolation, runLoad } from '../../proof/load';
import { useStackDatabase } from '../support/stack';

const c = useStackDatabase();

describe('load, in its short form (npm run load runs the full one)', () => {
  it('serves a mix of creates, reads and event sweeps at rising concurrency without a single error', async () => {
    const results = await runLoad({
      baseUrl: c.base_url,
      keys: [c.test_key, c.other_partner.live_key],
      concurrency: [1, 4],
      secondsPerStep: 1,
    });
    for (const step of results) {
      expect(step.requests).toBeGreaterThan(0);
      expect(step.errors).toBe(0);
    }
  }, 60_000);

  it('holds rate limits per key while another key of the same partner is unaffected', async () => {
    const limited = await issueApiKey({ partnerId: c.partner_id, mode: 'test', rateLimit: { burst: 10, sustained: 1000 } });
    const neighbour = await issueApiKey({ partnerId: c.partner_id, mode: 'test', rateLimit: { burst: 10, sustained: 1000 } });
    const result = await rateLimitIsolation(c.base_url, limited.secret, neighbour.secret, 10);
    expect(result.limitedRefused).toBeGreaterThan(0);
    expect(result.neighbourRefused).toBe(0);
  }, 60_000);
});
