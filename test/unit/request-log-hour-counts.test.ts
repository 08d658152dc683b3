import { countHours, matchesInHour, MAX_PATHS_PER_HOUR } from '../../lib/request-log/hour-counts';
import type { CountedEntry } from '../../lib/store/entities/request-log-hour';

/** An hour's counts (lib/request-log/hour-counts.ts): what a listing's total reads instead of the hour's entries. */
const HOUR = '2026-11-20T09';
const entry = (path: string, method = 'POST', status = 201, expiry = 2_000_000_000): CountedEntry => ({
  hour: HOUR,
  method,
  status,
  path,
  expiry,
});
async function* pages(...ps: CountedEntry[][]) {
  yield* ps;
}
const NOW = 1_900_000_000;

describe("an hour's counts", () => {
  it('answer every method and status filter, and a path kept; an hour without entries counts none', async () => {
    const [hour, empty] = await countHours(
      [HOUR, '2026-11-20T10'],
      pages(
        [entry('/v1/companies'), entry('/v1/companies', 'GET', 404)],
        [entry('/v1/__proto__', 'GET', 404), entry('/v1/accounts', 'POST', 500)],
      ),
    );
    expect(matchesInHour(hour, {}, NOW)).toBe(4);
    expect(matchesInHour(hour, { status: 404 }, NOW)).toBe(2);
    expect(matchesInHour(hour, { gte: 400, lt: 500 }, NOW)).toBe(2);
    expect(matchesInHour(hour, { method: 'POST', gte: 400 }, NOW)).toBe(1);
    expect(matchesInHour(hour, { path: '/v1/__proto__' }, NOW)).toBe(1);
    expect(matchesInHour(hour, { path: '/v1/companies', method: 'GET' }, NOW)).toBe(1);
    expect(matchesInHour(hour, { path: '/v1/never' }, NOW)).toBe(0);
    expect(matchesInHour(empty, { status: 404 }, NOW)).toBe(0);
    expect(empty.pathsKept).toBe(0);
  });

  it(`keep the ${MAX_PATHS_PER_HOUR} busiest paths and say so: a path left out cannot be answered from them`, async () => {
    const many = Array.from({ length: MAX_PATHS_PER_HOUR + 5 }, (_, i) =>
      Array.from({ length: i + 1 }, () => entry(`/v1/companies/cmp_${i}`)),
    ).flat();
    const [hour] = await countHours([HOUR], pages(many));
    expect(hour.pathsKept).toBe(MAX_PATHS_PER_HOUR);
    expect(hour.pathsComplete).toBe(false);
    expect(matchesInHour(hour, { path: `/v1/companies/cmp_${MAX_PATHS_PER_HOUR + 4}` }, NOW)).toBe(MAX_PATHS_PER_HOUR + 5);
    expect(matchesInHour(hour, { path: '/v1/companies/cmp_0' }, NOW)).toBeUndefined();
    expect(matchesInHour(hour, {}, NOW)).toBe(many.length);
  });

  it('keep paths within a size whatever their length', async () => {
    const long = Array.from({ length: 40 }, (_, i) => entry(`/v1/${String(i).padStart(2, '0')}${'x'.repeat(2_000)}`));
    const [hour] = await countHours([HOUR], pages(long));
    expect(JSON.stringify(hour.paths).length).toBeLessThanOrEqual(32 * 1024);
    expect(hour.pathsComplete).toBe(false);
  });

  it('cannot answer once an entry counted has expired (written before expiries were whole hours)', async () => {
    const [hour] = await countHours([HOUR], pages([entry('/v1/companies', 'POST', 201, NOW + 60), entry('/v1/companies')]));
    expect(matchesInHour(hour, {}, NOW)).toBe(2);
    expect(matchesInHour(hour, {}, NOW + 60)).toBeUndefined();
  });
});

it('cannot answer a path filter when the hour has paths that were not read (its paths item not shown yet)', async () => {
  const [hour] = await countHours([HOUR], pages([entry('/v1/companies')]));
  const { paths: _unread, ...withoutPaths } = hour;
  expect(matchesInHour(withoutPaths, { path: '/v1/companies' }, NOW)).toBeUndefined();
  expect(matchesInHour(withoutPaths, {}, NOW)).toBe(1);
});
