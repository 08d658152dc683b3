import { wrapSends, unwrapSends } from '../../lib/aws/send-wrapper';
import { GetCommand } from '../../lib/store/dynamodb';
import { useStackDatabase } from '../support/stack';
import { db, tableName } from '../../lib/store/client';
import { rateWindowKey } from '../../lib/store/keys';
import { countRoundTrips, countRoundTripsOn } from '../../bench/round-trip-counter';
import { newId } from '../../lib/ids';
import { countRequest, forgetSlotBlocks } from '../../lib/rate-limit/count-request';

useStackDatabase();
countRoundTripsOn(db());

/**
 * A process that counts a subject many times a second takes its places in the window a few at a time
 * (lib/rate-limit/count-request.ts; docs/decisions.md, "Rate limiting"). Every count here is given its
 * moment, so the seconds are the test's, not the clock's.
 */
describe('rate-limit counts taken in blocks of slots', () => {
  beforeEach(() => forgetSlotBlocks());
  const second = (s: number) => new Date(Date.UTC(2026, 10, 26, 5, 0, s, 100));
  const windowOf = async (subject: string, at: Date) =>
    (await db().send(new GetCommand({ TableName: tableName(), Key: rateWindowKey(subject, Math.floor(at.getTime() / 60000)) }))).Item;
  const updates = (tally: { requests: { command: string }[] }) => tally.requests.filter((r) => r.command === 'UpdateItem').length;
  /** `n` requests of `subject` at `at`, one after the other, counted by `count` (one process's). */
  const countInTurn = async (n: number, subject: string, at: Date, count = countRequest) => {
    const counts = [];
    for (let i = 0; i < n; i++) counts.push(await count(subject, at));
    return counts;
  };

  it('writes once per request below 8 requests a second: the count is exact', async () => {
    const subject = newId('company');
    const { result, tally } = await countRoundTrips(() => countInTurn(6, subject, second(1)));
    expect(result.map((c) => c.second)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(result.map((c) => c.minute)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(updates(tally)).toBe(6);
    expect((await windowOf(subject, second(1)))?.m).toBe(6);
  });

  it('hands a busy process every place once, in order, in fewer writes than requests', async () => {
    const subject = newId('company');
    const { result, tally } = await countRoundTrips(() => countInTurn(60, subject, second(2)));
    expect(result.map((c) => c.second)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect(updates(tally)).toBeGreaterThan(0);
    expect(updates(tally)).toBeLessThan(30);
    const held = Number((await windowOf(subject, second(2)))?.s2);
    expect(held).toBeGreaterThanOrEqual(60);
    expect(held).toBeLessThanOrEqual(60 + 7);
  });

  it('gives places not used in a second back to the minute at the next block of that minute', async () => {
    const subject = newId('company');
    await countInTurn(61, subject, second(3));
    const after = await countRequest(subject, second(4));
    expect(after.second).toBe(1);
    expect(after.minute).toBe(62);
    const window = await windowOf(subject, second(4));
    // The minute holds the 62 requests and what the newest lease holds ahead, never the unused places of second 3.
    expect(Number(window?.m) - 62).toBe(Number(window?.s4) - 1);
  });

  it('never gives one place to two processes: at most the quota of requests pass, however the counts interleave', async () => {
    const subject = newId('company');
    let other: typeof import('../../lib/rate-limit/count-request') | undefined;
    let otherClient: typeof import('../../lib/store/client') | undefined;
    jest.isolateModules(() => {
      other = require('../../lib/rate-limit/count-request');
      otherClient = require('../../lib/store/client');
    });
    // The second process's own DynamoDB client is closed after, or its sockets hold the worker open.
    try {
      const processes = [countRequest, other!.countRequest];
      // Both processes busy in the second before, so both lease several places at once in the measured one.
      await Promise.all(processes.map((count) => countInTurn(40, subject, second(5), count)));
      const counts = await Promise.all(processes.map((count) => countInTurn(50, subject, second(6), count)));
      const places = counts.flat().map((c) => c.second);
      expect(new Set(places).size).toBe(100);
      const quota = 30;
      expect(places.filter((p) => p <= quota).length).toBeLessThanOrEqual(quota);
      expect(Math.max(...places)).toBeLessThanOrEqual(100 + 2 * 7);
    } finally {
      otherClient?.resetDbClient();
    }
  });

  it('fails every request holding a place of a lease whose write failed, and the next request writes again', async () => {
    const subject = newId('company');
    await countInTurn(40, subject, second(7));
    const client = db();
    const fault = new Error('injected: the window write failed');
    let fail = true;
    wrapSends(client, 'injectedWindowFault', (command, next) => {
      if (fail && command.operation === 'UpdateItem') {
        fail = false;
        throw fault;
      }
      return next();
    });
    try {
      // Asked in one turn: the first leases several places and the others take them while its write is out.
      const results = await Promise.allSettled([1, 2, 3].map(() => countRequest(subject, second(8))));
      expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
      const next = await countRequest(subject, second(8));
      expect(next.second).toBe(1);
    } finally {
      unwrapSends(client, 'injectedWindowFault');
    }
  });
});
