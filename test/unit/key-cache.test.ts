import { mockStore } from '../support/aws-mock';
import { GetCommand } from '../../lib/store/dynamodb';
import { resetDbClient } from '../../lib/store/client';
import { presentedKey, storedKey } from '../../lib/auth/authenticate';
import { apiKeyKey } from '../../lib/store/keys';
import { forgetCachedKey, forgetCachedKeys, KEY_CACHE_MS, cachedKey } from '../../lib/auth/key-cache';

const SECRET = 'svc_test_' + 'k'.repeat(32);
const ddb = mockStore();
const presented = presentedKey(`Bearer ${SECRET}`);
/** The key's item as stored: under the hash of its secret. */
const ITEM = {
  ...apiKeyKey(presented.secretHash),
  id: 'key_1',
  partner_id: 'ptr_1',
  mode: 'test',
  scopes: ['*'],
  allowed_ips: [],
  rate_limit: { burst: 30, sustained: 120 },
};
const t0 = new Date('2026-11-26T12:00:00.000Z');

beforeEach(() => {
  resetDbClient();
  ddb.reset();
  forgetCachedKeys();
});

/** lib/auth/key-cache.ts without a database: what is kept, for how long, and what a forget undoes. */
describe('kept keys', () => {
  it('keeps a key that authenticated for KEY_CACHE_MS from the request that read it, read strongly consistent', async () => {
    ddb.on(GetCommand).resolves({ Item: ITEM });
    await storedKey(presented, t0);
    expect(ddb.commandCalls(GetCommand)[0].args[0].input).toMatchObject({ ConsistentRead: true });
    await storedKey(presented, new Date(t0.getTime() + KEY_CACHE_MS - 1));
    expect(ddb.commandCalls(GetCommand)).toHaveLength(1);
    expect(cachedKey(presented.secretHash, new Date(t0.getTime() + KEY_CACHE_MS))).toBeUndefined();
    await storedKey(presented, new Date(t0.getTime() + KEY_CACHE_MS));
    expect(ddb.commandCalls(GetCommand)).toHaveLength(2);
  });

  it('reads a key again for a request dated before the read that kept it (a clock set back)', async () => {
    ddb.on(GetCommand).resolves({ Item: ITEM });
    await storedKey(presented, t0);
    expect(cachedKey(presented.secretHash, t0)).toBeDefined();
    expect(cachedKey(presented.secretHash, new Date(t0.getTime() - 1))).toBeUndefined();
  });

  it('keeps neither a revoked key nor one of the other mode', async () => {
    ddb
      .on(GetCommand)
      .resolvesOnce({ Item: { ...ITEM, revoked_at: t0.toISOString() } })
      .resolves({ Item: { ...ITEM, mode: 'live' } });
    await expect(storedKey(presented, t0)).rejects.toMatchObject({ code: 'api_key_invalid' });
    await expect(storedKey(presented, t0)).rejects.toMatchObject({ code: 'api_key_invalid' });
    expect(cachedKey(presented.secretHash, t0)).toBeUndefined();
    expect(ddb.commandCalls(GetCommand)).toHaveLength(2);
  });

  it('forgets a key by its id: read again on its next request', async () => {
    ddb.on(GetCommand).resolves({ Item: ITEM });
    await storedKey(presented, t0);
    forgetCachedKey('key_1');
    expect(cachedKey(presented.secretHash, t0)).toBeUndefined();
    await storedKey(presented, t0);
    expect(ddb.commandCalls(GetCommand)).toHaveLength(2);
  });

  it('does not keep a record whose read was in flight when a key was forgotten (a revocation committing meanwhile)', async () => {
    ddb.on(GetCommand).callsFake(async () => {
      forgetCachedKey('key_1'); // the revocation's forget lands while this read is on its way back
      return { Item: ITEM };
    });
    expect((await storedKey(presented, t0)).id).toBe('key_1');
    expect(cachedKey(presented.secretHash, t0)).toBeUndefined();
  });
});
