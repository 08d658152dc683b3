import { wrapSends } from '../../lib/aws/send-wrapper';
import { setTimeout as sleep } from 'node:timers/promises';
import { storeClient, GetCommand, UpdateCommand, BatchGetCommand } from '../../lib/store/dynamodb';
import { countRoundTrips, countRoundTripsOn } from '../../bench/round-trip-counter';

/**
 * The round-trip counter of `npm run bench` (bench/round-trip-counter.ts): requests sent together share a
 * round trip, a request sent after another answered is one deeper, and only the counted work's
 * requests count. The store answers in memory (an inner wrapper that never sends).
 */
const client = storeClient({ standIn: 'http://127.0.0.1:9' });
countRoundTripsOn(client);
wrapSends(client, 'answerInMemory', async () => {
  await sleep(5);
  return { $metadata: {} };
});
afterAll(() => client.destroy());

const get = (pk: string) => client.send(new GetCommand({ TableName: 't', Key: { pk, sk: 'A' } }));
const update = (pk: string) =>
  client.send(
    new UpdateCommand({ TableName: 't', Key: { pk, sk: 'M' }, UpdateExpression: 'ADD n :one', ExpressionAttributeValues: { ':one': 1 } }),
  );

it('counts requests sent together as one round trip', async () => {
  const { tally } = await countRoundTrips(() => Promise.all([get('KEY#1'), update('RATE#1'), get('CMP#1')]));
  expect(tally.requests.map((r) => [r.command, r.depth])).toEqual([
    ['GetItem', 1],
    ['UpdateItem', 1],
    ['GetItem', 1],
  ]);
  expect(tally.roundTrips).toBe(1);
});

it('counts a request sent after another answered as one round trip deeper', async () => {
  const { tally } = await countRoundTrips(async () => {
    await Promise.all([get('KEY#1'), update('RATE#1')]);
    await get('CMP#1');
    await client.send(new BatchGetCommand({ RequestItems: { t: { Keys: [{ pk: 'EVCNT#1', sk: 'ALL' }] } } }));
  });
  expect(tally.requests.map((r) => r.depth)).toEqual([1, 1, 2, 3]);
  expect(tally.roundTrips).toBe(3);
  expect(tally.requests[3].partitions).toEqual(['EVCNT#1']);
});

it('names an item read twice', async () => {
  const { tally } = await countRoundTrips(async () => {
    await get('CMP#1');
    await Promise.all([get('CMP#1'), get('CMP#2')]);
  });
  expect(tally.repeatedReads).toEqual(['CMP#1|A']);
});

it('counts only the work it wraps, not other work on the same client', async () => {
  const outside = get('OTHER#1');
  const { tally } = await countRoundTrips(() => get('CMP#1'));
  await outside;
  expect(tally.requests.map((r) => r.partitions)).toEqual([['CMP#1']]);
});
