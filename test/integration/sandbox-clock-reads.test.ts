import { useStackDatabase } from '../support/stack';
import { aFreshPartner } from '../support/partners';
import { keyedProxyEvent, lambdaContext } from '../../infra/local/proxy-event';
import { db } from '../../lib/store/client';
import { countRoundTrips, countRoundTripsOn } from '../../bench/round-trip-counter';
import { handler as getMe } from '../../functions/api/get-me';

/**
 * What reading the sandbox clock costs a request (docs/decisions.md, "The sandbox clock"): a live key
 * reads no clock at all; a test key's clock rides in the same round trip as its key's checks, so a
 * test request waits no longer than a live one.
 */
useStackDatabase();
countRoundTripsOn(db());

const get = (path: string, secret: string) => keyedProxyEvent({ method: 'GET', path, key: secret });

const clockReads = (tally: { requests: { partitions: string[] }[] }) =>
  tally.requests.filter((r) => r.partitions.some((p) => p.startsWith('CLOCK#')));

it('a live request never reads the sandbox clock; a test request reads it once, beside its key', async () => {
  const p = await aFreshPartner();
  for (const key of [p.liveKey, p.testKey]) {
    // The first request of a key in a process reads it and its partner; measure the steady state after.
    expect((await getMe(get('/v1/me', key), lambdaContext('getMe'))).statusCode).toBe(200);
  }
  const live = await countRoundTrips(() => getMe(get('/v1/me', p.liveKey), lambdaContext('getMe')));
  expect(live.result.statusCode).toBe(200);
  expect(clockReads(live.tally)).toEqual([]);

  const test = await countRoundTrips(() => getMe(get('/v1/me', p.testKey), lambdaContext('getMe')));
  expect(test.result.statusCode).toBe(200);
  expect(clockReads(test.tally)).toHaveLength(1);
  expect(test.tally.roundTrips).toBe(live.tally.roundTrips);
  expect(test.tally.repeatedReads).toEqual([]);
});
