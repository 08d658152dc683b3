import { createPartner } from '../../lib/partners/partner';
import { issueApiKey } from '../../lib/auth/api-key';
import { uniqueWord } from './companies';

/**
 * A partner of its own, with a live and a test key, for tests whose outcome depends on everything a
 * partner owns (a month's invoice, a billing run): other tests' data never lands in it. Needs
 * useStackDatabase() first.
 */
export async function aFreshPartner(): Promise<{ partnerId: string; liveKey: string; testKey: string }> {
  const partner = await createPartner({ name: `Billing ${uniqueWord(6)}`, ownerEmail: `${uniqueWord(8)}@partner.test` });
  const rateLimit = { burst: 100_000, sustained: 1_000_000 };
  const [live, test] = await Promise.all([
    issueApiKey({ partnerId: partner.id, mode: 'live', rateLimit }),
    issueApiKey({ partnerId: partner.id, mode: 'test', rateLimit }),
  ]);
  return { partnerId: partner.id, liveKey: live.secret, testKey: test.secret };
}
