import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { lambdaContext } from '../infra/local/proxy-event';
import { REPO_ROOT } from '../infra/aws/bundling';
import { issueApiKey } from '../lib/auth/api-key';
import { createSession } from '../lib/dashboard/session';
import { addStaffMember } from '../lib/dashboard/staff';
import { forgetPartner, recentPartner } from '../lib/partners/partner';
import { ROUTES } from '../lib/routes';
import { db } from '../lib/store/client';
import { countRoundTrips, countRoundTripsOn } from './round-trip-counter';
import { makeRouteObjects, routeRequest, runOrder } from './route-requests';
import type { Bench, BenchRow } from './types';
import { forgetSlotBlocks } from '../lib/rate-limit/count-request';
import { presentedKey, storedKey } from '../lib/auth/authenticate';
import { forgetCachedKeys, KEY_CACHE_MS } from '../lib/auth/key-cache';
import { now } from '../lib/clock';

/** Goals (docs/decisions.md, "Round trips of a request"). */
export const CHAIN_ROUND_TRIPS_GOAL = 1;
export const ONE_OBJECT_READ_GOAL = 2;

/** Partition keys of what the chain reads and writes: API keys, rate-limit windows, partners, dashboard sessions. */
const CHAIN_PARTITIONS = ['KEY#', 'RATE#', 'PTR#', 'DSESS#'];

type LambdaHandler = (event: APIGatewayProxyEvent, context: unknown) => Promise<APIGatewayProxyResult>;

/**
 * For every route of the route table, one plausible request (bench/route-requests.ts) through the
 * route's own handler, in this process: the DynamoDB requests it made, by command, and the SEQUENTIAL
 * round trips on its critical path, counted by a middleware on the client (bench/round-trip-counter.ts),
 * not timed. "The chain" is what the key, its rate-limit count, the partner and the dashboard's session
 * waited for before the operation began; "reads twice" names an item read by key more than once in
 * one request.
 */
export const roundTripsBench: Bench = async ({ credentials }) => {
  countRoundTripsOn(db());
  const objects = await makeRouteObjects(
    credentials.base_url,
    credentials.test_key,
    async () => {
      await addStaffMember(credentials.partner_id, 'route-table@example.com');
      const { token, session } = await createSession({
        partnerId: credentials.partner_id,
        email: 'route-table@example.com',
        steppedUpForMs: 10 * 60 * 1000,
      });
      return { token, csrf: session.csrf_token };
    },
    async () => (await issueApiKey({ partnerId: credentials.partner_id, mode: 'test', name: 'route table spare' })).record.id,
  );
  const answers = new Map<string, BenchRow>();
  const key = presentedKey(`Bearer ${objects.key}`);
  for (const route of runOrder(ROUTES)) {
    const { handler } = (await import(pathToFileURL(join(REPO_ROOT, route.handler)).href)) as { handler: LambdaHandler };
    // Steady state: the partner's record as an API process keeps it (read again once per PARTNER_CACHE_MS,
    // when that one request waits one round trip more: docs/decisions.md, "Round trips of a request").
    forgetPartner(credentials.partner_id);
    await recentPartner(credentials.partner_id);
    // And the key as such a process keeps it: read just now, so the request does not read it (a key
    // used less than once per KEY_CACHE_MS is read in its request's first read: one item more there).
    forgetCachedKeys();
    await storedKey(key, now());
    // The request that writes its rate-limit count, as every request of a key used below 8 times a second
    // does (a busy process writes once per block of slots: docs/decisions.md, "Rate limiting").
    forgetSlotBlocks();
    const { result, tally } = await countRoundTrips(() => handler(routeRequest(route, objects), lambdaContext(route.operation)));
    const byCommand = new Map<string, number>();
    for (const r of tally.requests) byCommand.set(r.command, (byCommand.get(r.command) ?? 0) + 1);
    // The chain's own requests: the key, its count, the partner, the dashboard's session (by the
    // partitions they touch; a request that also touches the operation's items is the operation's).
    const chain = tally.requests.filter(
      (r) => r.partitions.length && r.partitions.every((p) => CHAIN_PARTITIONS.some((prefix) => p.startsWith(prefix))),
    );
    const chainRoundTrips = Math.max(0, ...chain.map((r) => r.depth));
    const over: string[] = [];
    if (route.audience === 'partner' && chainRoundTrips > CHAIN_ROUND_TRIPS_GOAL) over.push('chain over its goal');
    const readsOneObject = route.audience === 'partner' && route.method === 'GET' && route.path.endsWith('}');
    if (readsOneObject && tally.roundTrips > ONE_OBJECT_READ_GOAL) over.push(`a read of one object over ${ONE_OBJECT_READ_GOAL}`);
    if (tally.repeatedReads.length) over.push(`reads twice: ${tally.repeatedReads.join(', ')}`);
    answers.set(route.operation, {
      name: `${route.method} ${route.path}`,
      value: tally.roundTrips,
      unit: 'round trips',
      baseline: chainRoundTrips,
      baselineName: 'of which the chain (key, rate limit, session):',
      note: [
        `${result.statusCode}`,
        `${tally.requests.length} requests${byCommand.size ? ` (${[...byCommand].map(([c, n]) => `${c} ${n}`).join(', ')})` : ''}`,
        ...over,
      ].join('; '),
    });
  }
  return {
    header:
      `Measured in the steady state of a key used once to 8 times a second: the key kept (read once per KEY_CACHE_MS = ${KEY_CACHE_MS} ms, ` +
      'by a request whose first read then carries it), the partner kept (read once per PARTNER_CACHE_MS), and every request ' +
      "writing its own rate-limit count (the process's slot blocks forgotten before each route).",
    // In the route table's order, whatever order they ran in.
    rows: ROUTES.map((r) => answers.get(r.operation)).filter((row): row is BenchRow => Boolean(row)),
  };
};
