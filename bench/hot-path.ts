import { Session } from 'node:inspector/promises';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import middy from '@middy/core';
import { GetCommand, TransactWriteCommand, UpdateCommand, type TransactWriteCommandInput } from '../lib/store/dynamodb';
import { mockStore } from '../test/support/aws-mock';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import { keyedProxyEvent, lambdaContext } from '../infra/local/proxy-event';
import { db, tableName } from '../lib/store/client';
import { companyKey, partnerKey } from '../lib/store/keys';
import { countRoundTrips, countRoundTripsOn } from './round-trip-counter';
import { scopeSequencer } from '../lib/event-log/sequencer/scope-sequencer';
import { sequencerSettings } from '../lib/event-log/sequencer/settings';
import { forgetPartner } from '../lib/partners/partner';
import { percentile, round, timeInTurns, timeSequential } from './stats';
import type { Bench, BenchRow } from './types';
import { forgetSlotBlocks } from '../lib/rate-limit/count-request';
import { forgetCachedKeys } from '../lib/auth/key-cache';

type LambdaHandler = (event: APIGatewayProxyEvent, context: unknown) => Promise<APIGatewayProxyResult>;

/** Goals of the hot path (docs/decisions.md, "Round trips of a request"). */
const GOALS = { read: 1.5, create: 1.3, ownTimeMs: 0.5 };

const newCompany = () => ({
  name: `Hot path ${randomUUID().slice(0, 8)}`,
  state: 'WY',
  entity_type: 'llc',
  account: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
});

interface Case {
  name: string;
  handler: LambdaHandler;
  event: () => APIGatewayProxyEvent;
  status: number;
}

async function load(file: string): Promise<LambdaHandler> {
  return ((await import(file)) as { handler: LambdaHandler }).handler;
}

/**
 * The hot path, in two parts, each figure beside its baseline from the same run:
 *
 * 1. Latency: `GET /me`, `GET /companies/{id}`, `POST /companies` through their handlers (invoked as
 *    Lambda invokes them, in this process, against DynamoDB Local), beside a bare GetItem and a bare
 *    TransactWriteItems of the creation's own items on fresh keys, both sent through the SDK's document
 *    client as the store makes it (lib/store/dynamodb.ts): the ratios are our code's share over the SDK. Rate limits are lifted
 *    (bench/run.ts sets LOCAL_RATE_LIMIT_*) so no 429 enters a timing. The load average is recorded
 *    beside them: the machine is shared.
 * 2. Our own time: the same four requests (and `GET /events`) with the store answered in memory
 *    (aws-sdk-client-mock replays the answers each request got from DynamoDB Local), beside a bare
 *    middy handler returning a constant: what the chain and the operation cost in CPU, without the
 *    store's waiting. A CPU profile of the reads gives the top frames (printed; docs/decisions.md).
 */
export const hotPathBench: Bench = async ({ credentials, pauseBackground }) => {
  // A live key: the hot path a production request takes (a test key also reads its sandbox clock:
  // bench/sandbox-clock.ts measures that).
  const key = credentials.live_key;
  countRoundTripsOn(db());
  const [getMe, getCompany, createCompany, listEvents] = await Promise.all([
    load('../functions/api/get-me.ts'),
    load('../functions/api/get-company.ts'),
    load('../functions/api/create-company.ts'),
    load('../functions/api/list-events.ts'),
  ]);
  const created = await createCompany(
    keyedProxyEvent({ method: 'POST', path: '/v1/companies', key, body: newCompany() }),
    lambdaContext('createCompany'),
  );
  if (created.statusCode !== 201) throw new Error(`create failed: ${created.statusCode} ${created.body}`);
  const companyId = JSON.parse(created.body).id as string;
  const cases: Case[] = [
    { name: 'GET /v1/me', handler: getMe, event: () => keyedProxyEvent({ method: 'GET', path: '/v1/me', key }), status: 200 },
    {
      name: 'GET /v1/companies/{id}',
      handler: getCompany,
      event: () =>
        keyedProxyEvent({
          method: 'GET',
          path: `/v1/companies/${companyId}`,
          key,
          resource: '/v1/companies/{companyID}',
          pathParameters: { companyID: companyId },
        }),
      status: 200,
    },
    {
      name: 'POST /v1/companies',
      handler: createCompany,
      event: () => keyedProxyEvent({ method: 'POST', path: '/v1/companies', key, body: newCompany() }),
      status: 201,
    },
    {
      name: 'GET /v1/events',
      handler: listEvents,
      event: () => keyedProxyEvent({ method: 'GET', path: '/v1/events?limit=25', key }),
      status: 200,
    },
  ];
  const invoke = async (c: Case) => {
    const res = await c.handler(c.event(), lambdaContext('bench'));
    if (res.statusCode !== c.status) throw new Error(`${c.name}: ${res.statusCode} ${res.body}`);
    return res;
  };

  // 1. Latency beside the bare store, with the runtime's work beside the API paused: in AWS the stream
  // pollers, lanes and jobs run in other functions, not in the API's process, and a creation's events
  // would otherwise be fanned out here while the next request is timed.
  const rows: BenchRow[] = [];
  const background = await pauseBackground();
  try {
    await latency();
  } finally {
    await background.resume();
  }
  async function latency() {
    const load1 = loadavg()[0];
    const bareGet = () => db().send(new GetCommand({ TableName: tableName(), Key: partnerKey(credentials.partner_id) }));
    // The object GET /companies/{id} answers with, read bare: the same read without the chain.
    const scope = { partnerId: credentials.partner_id, mode: 'live' as const };
    const bareCompanyGet = () => db().send(new GetCommand({ TableName: tableName(), Key: companyKey(scope, companyId) }));
    const transaction = await capturedInput(TransactWriteCommand, () => invoke(cases[2]));
    // GET /companies/{id}'s one read, the key kept by the request just before (lib/auth/key-cache.ts):
    // the company item alone, which carries its open-requirement count. A request whose key is read adds
    // the key to it (the row "its key read" below).
    await invoke(cases[1]);
    const companyRead = await capturedInput(GetCommand, () => invoke(cases[1]));
    const bareCompanyRead = () => db().send(new GetCommand(companyRead));
    const bareWrite = () => db().send(new TransactWriteCommand({ TransactItems: freshCopies(transaction) }));
    const indexEntries = freshCopies(transaction).reduce(
      (n, e) => n + INDEXES.filter((i) => e.Put?.Item?.[`${i}pk`] !== undefined).length,
      0,
    );
    // The same two requests the chain makes for GET /me, bare: a GetItem beside an UpdateItem of a window.
    const barePair = () =>
      Promise.all([
        bareGet(),
        db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: { pk: `BENCH#${credentials.partner_id}`, sk: 'PAIR' },
            UpdateExpression: 'ADD m :one',
            ExpressionAttributeValues: { ':one': 1 },
            ReturnValues: 'UPDATED_NEW',
          }),
        ),
      ]);
    // A request that writes its count and reads its key: the process's slot blocks and cached keys forgotten
    // before each (the most a request of the chain does: a key used less than once a second).
    const writing: Case = {
      ...cases[0],
      name: 'GET /v1/me, a request that reads its key and writes its rate-limit count,',
      event: () => {
        forgetSlotBlocks();
        forgetCachedKeys();
        return cases[0].event();
      },
    };
    const keyRead: Case = {
      ...cases[1],
      name: 'GET /v1/companies/{id}, its key read (kept keys forgotten before each),',
      event: () => {
        forgetCachedKeys();
        return cases[1].event();
      },
    };
    // DynamoDB Local is a JVM: its read and write paths run interpreted until its JIT has seen them a few
    // thousand times, so the first figures of a run measured the stand-in's warm-up, not our chain (GET
    // /v1/me came out 6.0 ms first and 3.3 ms later in one run). Production's store has no warm-up; warm
    // this one, and our handlers, before anything is timed.
    for (let i = 0; i < 1500; i++)
      await Promise.all([invoke(cases[0]), invoke(cases[1]), invoke(keyRead), bareGet(), barePair(), bareCompanyGet(), bareCompanyRead()]);
    // The floor under every counted request: one bare UpdateItem of a window beside a bare GetItem.
    const bareUpdate = async () => (await barePair())[1];
    {
      const [updates, gets] = await timeInTurns(400, bareUpdate, bareGet, 20);
      rows.push({
        ...p50Row(updates, gets),
        name: 'bare UpdateItem beside a bare GetItem p50 (no handler: the store alone)',
        baselineName: 'bare SDK GetItem p50, in turns',
        note: 'the floor of a ratio to a bare GetItem for a request that writes its rate-limit count (sent beside the key read): below 8 requests a second of a key in a process, every request; above, one in up to 8 (docs/decisions.md, "Rate limiting")',
      });
    }
    // Each request in turns with its bare baseline, so both meet the same load.
    for (const [c, bare, bareName, goal, count] of [
      [cases[0], bareGet, 'bare SDK GetItem', GOALS.read, 400],
      [cases[1], bareGet, 'bare SDK GetItem', GOALS.read, 400],
      [cases[1], bareCompanyGet, "bare GetItem of the company's own item", GOALS.read, 400],
      [cases[1], bareCompanyRead, 'its own read sent bare (a consistent GetItem of the company item)', GOALS.read, 400],
      [keyRead, bareGet, 'bare SDK GetItem', GOALS.read, 400],
      [writing, barePair, 'bare GetItem beside a bare UpdateItem (its two requests, no chain)', GOALS.read, 400],
      [
        cases[2],
        bareWrite,
        `bare TransactWriteItems of its ${transaction.TransactItems?.length ?? 0} items with their ${indexEntries} index entries`,
        GOALS.create,
        150,
      ],
    ] as const) {
      const [samples, bareSamples] = await timeInTurns(count, () => invoke(c), bare, 20);
      rows.push({
        ...p50Row(samples, bareSamples),
        name: `${c.name} p50 (handler invoked as Lambda does)`,
        baselineName: `${bareName} p50, in turns`,
        note: `goal ≤ ${goal}; rate limits lifted; the runtime's pollers and jobs paused; load average ${load1.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} after`,
      });
    }

    // The creation beside its own transaction, timed at the client inside the same request: the bare
    // copy above writes the same items as plain puts on fresh keys, without the transaction's conditions
    // and counter updates, which DynamoDB Local spends time checking; this baseline is the very request
    // the handler sent, so the ratio is what the chain and the operation add around their one write.
    {
      const own: number[] = [];
      const whole = await timeSequential(
        150,
        async () => {
          const [, took] = await timedSends(TransactWriteCommand, () => invoke(cases[2]));
          own.push(took);
        },
        20,
      );
      rows.push({
        ...p50Row(whole, own.slice(-whole.length)),
        name: 'POST /v1/companies p50 (handler invoked as Lambda does)',
        baselineName: 'its own TransactWriteItems through the SDK, timed at the client in the same requests, p50',
        note: `goal ≤ ${GOALS.create}; what the chain (key, rate limit) and the operation add around the one write; rate limits lifted; the runtime's pollers and jobs paused`,
      });
    }

    // The creation's two shapes (docs/decisions.md, "The event log"): the fast path reads the log's counters
    // and commits the events sequenced (what an uncontended write does); the pending path reads nothing
    // and commits pending events, then waits for the drain to sequence them (what contention does).
    for (const shape of ['fast path', 'pending path'] as const) {
      const prepare = () => {
        if (shape === 'pending path') scopeSequencer(scope, tableName()).markContended();
      };
      // One creation first, so the process's copy of the partner is fresh: the counted one then makes the
      // requests every creation makes, not also the partner's read that one request in 5 s per
      // process makes ("Round trips of a request": a count of 4 in one run was that read).
      await invoke(cases[2]);
      prepare();
      forgetSlotBlocks(); // the creation that writes its rate-limit count (docs/decisions.md, "Rate limiting")
      const { tally } = await countRoundTrips(() => invoke(cases[2]));
      const byCommand = new Map<string, number>();
      for (const r of tally.requests) byCommand.set(r.command, (byCommand.get(r.command) ?? 0) + 1);
      const [samples, bareSamples] = await timeInTurns(
        60,
        () => {
          prepare();
          return invoke(cases[2]);
        },
        bareWrite,
        5,
      );
      rows.push({
        ...p50Row(samples, bareSamples),
        name: `POST /v1/companies, ${shape}: p50, and its requests`,
        baselineName: 'bare TransactWriteItems p50, in turns',
        note: `${tally.requests.length} requests (${[...byCommand].map(([c, n]) => `${c} ${n}`).join(', ')}), ${tally.roundTrips} round trips; goal ≤ 3 requests`,
      });
    }
  }

  // 2. Our own time, the store answered in memory. The pending path's measurement above left this
  // partner+mode marked contended for a while: let that pass, so the creation is timed on its fast path.
  await new Promise((r) => setTimeout(r, sequencerSettings().contendedMs + 100));
  const answers = new Map<string, Answer[]>();
  for (const c of cases) {
    forgetPartner(credentials.partner_id); // so the partner's read is recorded too, for when the replay needs it
    forgetSlotBlocks(); // and the count's write: every replay below writes its count, the most a request does
    forgetCachedKeys(); // and the key's read: every replay below reads it (a kept key would lapse mid-replay)
    answers.set(c.name, await recordedAnswers(() => invoke(c)));
  }
  const mock = mockStore(db());
  let queue: Answer[] = [];
  mock.onAnyCommand().callsFake(async (input: unknown) => {
    const asked = signature(mock.send.lastCall.args[0] as { constructor: { name: string } }, input);
    const at = queue.findIndex((a) => a.asked === asked);
    if (at < 0) throw new Error(`no recorded answer for ${asked}`);
    return structuredClone(queue.splice(at, 1)[0].answer);
  });
  try {
    const bare = middy(async () => ({ statusCode: 200, body: '{"ok":true}' })) as unknown as LambdaHandler;
    const bareTimes = await timeSequential(3000, () => bare(cases[0].event(), lambdaContext('bare')), 300);
    const bareP50 = percentile(bareTimes, 50);
    for (const c of cases) {
      const replay = answers.get(c.name)!;
      mock.resetHistory();
      forgetSlotBlocks();
      forgetCachedKeys();
      queue = [...replay];
      await invoke(c);
      // What the mock itself costs for this request (sinon's stub, finding and copying each answer: a
      // page of events costs far more to copy than a key), measured by sending the very commands the
      // request sent, alone, so our own time can be told without it.
      const commands = mock.send.getCalls().map((call) => call.args[0]);
      const mockCost = percentile(
        await timeSequential(
          2000,
          async () => {
            mock.resetHistory();
            queue = [...replay];
            for (const command of commands) await db().send(command as never);
          },
          200,
        ),
        50,
      );
      const samples = await timeSequential(
        2000,
        () => {
          // sinon keeps every call; left to grow, its bookkeeping made each request slower than the last
          mock.resetHistory();
          forgetSlotBlocks();
          forgetCachedKeys();
          queue = [...replay];
          return invoke(c);
        },
        200,
      );
      const own = percentile(samples, 50);
      rows.push({
        name: `${c.name}: our own time p50 (store in memory)`,
        value: round(own * 1000, 0),
        unit: 'µs',
        baseline: round(bareP50 * 1000, 0),
        baselineName: 'bare middy handler',
        ratio: round(own / bareP50, 1),
        note: `${c.name.startsWith('GET') ? `goal ≤ ${GOALS.ownTimeMs * 1000} µs (a read); ` : ''}${commands.length} requests answered by the mock, which alone takes ${round(mockCost * 1000, 0)} µs to answer them: ~${round((own - mockCost) * 1000, 0)} µs without it`,
      });
    }
    const profile = await topFrames(async () => {
      for (let i = 0; i < 1500; i++) {
        for (const c of [cases[0], cases[1]]) {
          mock.resetHistory();
          forgetSlotBlocks();
          forgetCachedKeys();
          queue = [...answers.get(c.name)!];
          await invoke(c);
        }
      }
    });
    console.log(`\nTop frames (self time) of GET /v1/me and GET /v1/companies/{id}, store in memory:\n${profile}\n`);
  } finally {
    mock.restore();
  }
  return rows;
};

/** One answer of the store, and what it answered: a GetItem by its key, any other request by its command. */
interface Answer {
  asked: string;
  answer: unknown;
}

function signature(command: { constructor: { name: string } }, input: unknown): string {
  const name = command.constructor.name;
  return name === 'GetCommand' ? `${name} ${JSON.stringify((input as { Key?: unknown }).Key)}` : name;
}

type Sent = { command: { input: unknown; constructor: { name: string } }; answer: unknown };

/** Every request `work` sends through the store's client, with its answer (as the document client returns it). */
async function sentDuring(work: () => Promise<unknown>): Promise<Sent[]> {
  const client = db() as unknown as { send: (command: Sent['command']) => Promise<unknown> };
  const send = client.send.bind(client);
  const sent: Sent[] = [];
  client.send = async (command) => {
    const answer = await send(command);
    sent.push({ command, answer: structuredClone(answer) });
    return answer;
  };
  try {
    await work();
  } finally {
    client.send = send;
  }
  return sent;
}

/** The answers of one request, each with what it answered. */
async function recordedAnswers(work: () => Promise<unknown>): Promise<Answer[]> {
  return (await sentDuring(work)).map(({ command, answer }) => ({ asked: signature(command, command.input), answer }));
}

/** The p50 of `samples` in ms beside the p50 of its `baseline`, and their ratio: a latency row's figures. */
function p50Row(samples: number[], baseline: number[]): Pick<BenchRow, 'value' | 'unit' | 'baseline' | 'ratio'> {
  const value = round(percentile(samples, 50));
  const base = round(percentile(baseline, 50));
  return { value, unit: 'ms', baseline: base, ratio: round(value / base) };
}

/** `work`'s result and the time its `Command` requests took at the client, in ms (sent in turn, so summed). */
async function timedSends<T>(Command: new (input: never) => unknown, work: () => Promise<T>): Promise<[T, number]> {
  const client = db() as unknown as { send: (command: unknown) => Promise<unknown> };
  const send = client.send.bind(client);
  let took = 0;
  client.send = async (command) => {
    if (!(command instanceof Command)) return send(command);
    const started = performance.now();
    try {
      return await send(command);
    } finally {
      took += performance.now() - started;
    }
  };
  try {
    return [await work(), took];
  } finally {
    client.send = send;
  }
}

/** The input of the first `Command` request `work` sends, as sent (a creation's transaction, a read's batch). */
async function capturedInput<I>(Command: new (input: I) => { input: I }, work: () => Promise<unknown>): Promise<I> {
  const first = (await sentDuring(work)).find((s) => s.command instanceof Command);
  if (!first) throw new Error(`no ${Command.name}`);
  return first.command.input as I;
}

/** The table's global secondary indexes, each keyed by `<index>pk` and `<index>sk`. */
const INDEXES = ['gsi1', 'gsi2', 'gsi3', 'gsi4'] as const;

/**
 * The same items as plain puts on fresh keys: the cost of the write alone. Each item keeps its index
 * entries (the store writes those too: an event is in four indexes), under fresh index partitions so
 * that no list of the partner's ever shows a copy.
 */
function freshCopies(input: TransactWriteCommandInput): NonNullable<TransactWriteCommandInput['TransactItems']> {
  return (input.TransactItems ?? []).map((entry) => {
    const item: Record<string, unknown> = entry.Put?.Item ?? { ...(entry.Update?.Key ?? entry.ConditionCheck?.Key), n: 1 };
    const copy: Record<string, unknown> = { ...item, pk: `BENCH#${randomUUID()}`, sk: 'X' };
    for (const index of INDEXES) {
      if (copy[`${index}pk`] !== undefined) copy[`${index}pk`] = `BENCH#${randomUUID()}`;
    }
    return { Put: { TableName: tableName(), Item: copy } };
  });
}

/** A CPU profile of `work`: the ten functions with the most self time, with their share. */
async function topFrames(work: () => Promise<void>): Promise<string> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  const started = performance.now();
  await work();
  const elapsed = performance.now() - started;
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  const self = new Map<string, number>();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const counts = new Map<number, number>();
  for (const id of profile.samples ?? []) counts.set(id, (counts.get(id) ?? 0) + 1);
  let total = 0;
  for (const [id, n] of counts) {
    const node = byId.get(id)!;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url ? `${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(lib|functions)\//, '$1/')}:${lineNumber + 1}` : '';
    const name = `${functionName || '(anonymous)'} ${where}`.trim();
    self.set(name, (self.get(name) ?? 0) + n);
    total += n;
  }
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12)
    .map(([name, n]) => `${((100 * n) / total).toFixed(1).padStart(5)}%  ${name}`)
    .concat(`(${total} samples over ${elapsed.toFixed(0)} ms)`)
    .join('\n');
}
