import { keyedProxyEvent } from '../../infra/local/proxy-event';
import { PutCommand, UpdateCommand } from '../../lib/store/dynamodb';
import { useStackDatabase } from '../support/stack';
import { atTime } from '../support/clock';
import { aFreshPartner } from '../support/partners';
import { lambdaContext } from '../support/handler-chain';
import { db, tableName } from '../../lib/store/client';
import { countRoundTrips, countRoundTripsOn, type RoundTripTally } from '../../bench/round-trip-counter';
import { apiKeyKey, rateWindowPartition } from '../../lib/store/keys';
import { newId } from '../../lib/ids';
import { findApiKey, hashSecret, issueApiKey } from '../../lib/auth/api-key';
import { KEY_CACHE_MS } from '../../lib/auth/key-cache';
import { revokeKey } from '../../lib/dashboard/api-keys';
import { handler as getMe } from '../../functions/api/get-me';

useStackDatabase();
countRoundTripsOn(db());

/**
 * The key kept for KEY_CACHE_MS per process (lib/auth/key-cache.ts; docs/decisions.md, "The key kept
 * for 1 s per process"): no read of it within that time, every check and the count on every request,
 * a revocation in this process at once and one made elsewhere within KEY_CACHE_MS. Time is the
 * project's settable clock: the request's time is what the kept record is measured against.
 */
const event = (secret: string) => keyedProxyEvent({ method: 'GET', path: '/v1/me', key: secret });

/** The start of the next whole second: requests at t0 + less than 1 s share one rate-limit second. */
const aSecond = () => Math.ceil(Date.now() / 1000) * 1000 + 1000;

/** GET /me with `secret`, the clock at `atMs`: the answer and what it asked of DynamoDB. */
async function meAt(secret: string, atMs: number) {
  const { result, tally } = await atTime(atMs, () => countRoundTrips(() => getMe(event(secret), lambdaContext)));
  return { status: result.statusCode, body: JSON.parse(result.body), headers: result.headers ?? {}, tally };
}

const keyItem = (secret: string) => `${apiKeyKey(hashSecret(secret)).pk}|KEY`;
const readsKey = (tally: RoundTripTally, secret: string) => tally.requests.some((r) => r.reads.includes(keyItem(secret)));
const countsKey = (tally: RoundTripTally, secret: string) =>
  tally.requests.some((r) => r.command === 'UpdateItem' && r.partitions.includes(rateWindowPartition(apiKeyKey(hashSecret(secret)).pk)));

describe('the key kept per process', () => {
  it('answers a second request within KEY_CACHE_MS without reading the key, and still counts it', async () => {
    const { testKey } = await aFreshPartner();
    const t0 = aSecond();
    const first = await meAt(testKey, t0);
    expect(first.status).toBe(200);
    expect(readsKey(first.tally, testKey)).toBe(true);

    const second = await meAt(testKey, t0 + KEY_CACHE_MS - 1);
    expect(second.status).toBe(200);
    expect(readsKey(second.tally, testKey)).toBe(false);
    expect(countsKey(second.tally, testKey)).toBe(true);
    // Counted in the same second as the first: one place fewer left.
    expect(Number(second.headers['RateLimit-Remaining'])).toBe(Number(first.headers['RateLimit-Remaining']) - 1);

    const later = await meAt(testKey, t0 + KEY_CACHE_MS);
    expect(later.status).toBe(200);
    expect(readsKey(later.tally, testKey)).toBe(true);
  });

  it('refuses a key revoked through the dashboard in this process on its very next request', async () => {
    const { partnerId, testKey } = await aFreshPartner();
    const t0 = aSecond();
    expect((await meAt(testKey, t0)).status).toBe(200);
    const kept = await meAt(testKey, t0 + 1);
    expect([kept.status, readsKey(kept.tally, testKey)]).toEqual([200, false]);

    await revokeKey({ partner_id: partnerId, email: 'owner@key-cache.test', ip: '127.0.0.1' }, (await findApiKey(testKey))!.id);
    const refused = await meAt(testKey, t0 + 2);
    expect([refused.status, refused.body.code]).toEqual([401, 'api_key_invalid']);
  });

  it('accepts a key revoked by another process until KEY_CACHE_MS has passed, and refuses it after', async () => {
    const { testKey } = await aFreshPartner();
    const t0 = aSecond();
    expect((await meAt(testKey, t0)).status).toBe(200);
    // As another function would: the revocation written on the key's item, this process not told.
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: apiKeyKey(hashSecret(testKey)),
        UpdateExpression: 'SET revoked_at = :t',
        ExpressionAttributeValues: { ':t': new Date(t0).toISOString() },
      }),
    );
    const stillKept = await meAt(testKey, t0 + KEY_CACHE_MS - 1);
    expect([stillKept.status, readsKey(stillKept.tally, testKey)]).toEqual([200, false]);
    const refused = await meAt(testKey, t0 + KEY_CACHE_MS);
    expect([refused.status, refused.body.code]).toEqual([401, 'api_key_invalid']);
    // A refused key is never kept: read again on every request.
    const again = await meAt(testKey, t0 + KEY_CACHE_MS + 1);
    expect([again.status, readsKey(again.tally, testKey)]).toEqual([401, true]);
  });

  it('refuses a kept key with api_key_expired the moment its expiry passes', async () => {
    const { partnerId } = await aFreshPartner();
    const t0 = aSecond();
    const { secret } = await issueApiKey({ partnerId, mode: 'test', expiresAt: new Date(t0 + 500).toISOString() });
    expect((await meAt(secret, t0)).status).toBe(200);
    const before = await meAt(secret, t0 + 499);
    expect([before.status, readsKey(before.tally, secret)]).toEqual([200, false]);
    const expired = await meAt(secret, t0 + 500);
    expect([expired.status, expired.body.code, readsKey(expired.tally, secret)]).toEqual([401, 'api_key_expired', false]);
  });

  it('reads an unknown key on every request: a key created a moment ago by another process works at once', async () => {
    const { partnerId } = await aFreshPartner();
    const t0 = aSecond();
    const secret = `svc_test_${newId('apiKey').slice(4)}${'k'.repeat(10)}`;
    const unknown = await meAt(secret, t0);
    expect([unknown.status, unknown.body.code]).toEqual([401, 'api_key_invalid']);
    // As another process minting it would: the key's item written, this process not told.
    const record = { id: newId('apiKey'), partner_id: partnerId, mode: 'test', name: 'minted elsewhere', scopes: ['*'] };
    const limits = {
      allowed_ips: [],
      rate_limit: { burst: 100, sustained: 1000 },
      hint: secret.slice(0, 13),
      created_at: new Date(t0).toISOString(),
    };
    await db().send(
      new PutCommand({ TableName: tableName(), Item: { ...apiKeyKey(hashSecret(secret)), entity: 'api_key', ...record, ...limits } }),
    );
    const minted = await meAt(secret, t0 + 1);
    expect([minted.status, minted.body.key_id, readsKey(minted.tally, secret)]).toEqual([200, record.id, true]);
  });
});
