import { sessionFor } from '../support/dashboard';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildProductionBundles } from '../../bench/bundles';
import { makeRouteObjects, routeRequest, runOrder } from '../../bench/route-requests';
import { issueApiKey } from '../../lib/auth/api-key';
import { ROUTES } from '../../lib/routes';
import { aFreshPartner } from '../support/partners';
import { useStackDatabase } from '../support/stack';

/**
 * The production bundles themselves (the esbuild output the CDK app deploys, built by the same
 * options of infra/aws/bundling.ts, without holding the event loop), not the TypeScript sources: ONE request on each
 * route of the route table, each through its own bundle in a plain Node process, against the test
 * stack's table. A bundle that builds but fails at run time (a module left out, a text asset not
 * inlined, a dependency that needs what Lambda lacks) answers 5xx or throws here. The requests are the
 * round-trip table's (bench/route-requests.ts), on real objects of a fresh partner's test mode.
 */
const c = useStackDatabase();
const outdir = mkdtempSync(join(tmpdir(), 'smoke-bundles-'));
const routeNames = new Set(ROUTES.map((r) => r.operation));
let results: { name: string; status?: number; body?: string; error?: string }[] = [];
let sizesKb = new Map<string, number>();
let refusals: { name: string; error?: string }[] = [];
let functionCount = 0;

beforeAll(async () => {
  const partner = await aFreshPartner();
  const every = await buildProductionBundles(outdir);
  functionCount = every.size;
  refusals = coldStartsWithoutStage(every);
  const bundles = new Map([...every].filter(([name]) => routeNames.has(name)));
  sizesKb = new Map([...bundles].map(([name, file]) => [name, Math.round(statSync(file).size / 102.4) / 10]));
  const objects = await makeRouteObjects(
    c.base_url,
    partner.testKey,
    async () => {
      const { token, session } = await sessionFor(partner.partnerId, { email: 'smoke@partner.test' });
      return { token, csrf: session.csrf_token };
    },
    async () => (await issueApiKey({ partnerId: partner.partnerId, mode: 'test', name: 'smoke spare' })).record.id,
  );
  const cases = runOrder(ROUTES).map((route) => ({
    name: route.operation,
    file: bundles.get(route.operation),
    event: routeRequest(route, objects),
  }));
  const casesFile = join(outdir, 'cases.json');
  writeFileSync(casesFile, JSON.stringify(cases));
  const run = spawnSync(process.execPath, [join(__dirname, '../support/run-bundles.mjs'), casesFile], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: {
      PATH: process.env.PATH,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      DYNAMODB_ENDPOINT: c.dynamodb_endpoint,
      TABLE_NAME: c.table_name,
      PUBLIC_URL: new URL(c.base_url).origin,
      STAGE: 'local',
      LOCAL_DIR: process.env.TEST_LOCAL_DIR,
      EVENT_INDEX_SHARDS: process.env.EVENT_INDEX_SHARDS,
      // The webhook pipeline's queue(s): the stack's stand-in (infra/local/fifo-lanes.ts), as the runtime sets them.
      ...webhookQueueEnv(),
      // The mail queue sign-in codes wait in, as the runtime sets it (infra/local/mail-queue.ts).
      ...(typeof c.mail_queue_url === 'string' ? { MAIL_QUEUE_URL: c.mail_queue_url } : {}),
      LOG_LEVEL: 'ERROR',
    },
  });
  if (run.status !== 0) throw new Error(`the bundle runner failed: ${run.stderr}`);
  results = run.stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}, 600_000);

/**
 * Every function's bundle (routes, the webhook pipeline's, the jobs') imported once more, each as a
 * Lambda cold start does, in one plain Node process with the test stack's environment but STAGE: what
 * each import threw.
 */
function coldStartsWithoutStage(bundles: Map<string, string>): { name: string; error?: string }[] {
  const probe = `for (const [name, file] of ${JSON.stringify([...bundles].map(([n, f]) => [n, pathToFileURL(f).href]))}) {
  try { await import(file); console.log(JSON.stringify({ name })); }
  catch (error) { console.log(JSON.stringify({ name, error: String(error?.message ?? error).slice(0, 300) })); }
}`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', probe], {
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
    env: {
      PATH: process.env.PATH,
      AWS_REGION: 'us-east-1',
      TABLE_NAME: c.table_name,
      DYNAMODB_ENDPOINT: c.dynamodb_endpoint,
      LOG_LEVEL: 'ERROR',
    },
  });
  if (run.status !== 0) throw new Error(`the cold-start probe failed: ${run.stderr}`);
  return run.stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

/** The delivery queue's variables as the stack's runtime sets them: one queue, or the lane shards' queues. */
function webhookQueueEnv(): Record<string, string> {
  const urls = Array.isArray(c.webhook_queue_urls) ? (c.webhook_queue_urls as string[]) : [String(c.webhook_queue_url)];
  const origin = { SQS_ENDPOINT: new URL(urls[0]).origin };
  return Array.isArray(c.webhook_queue_urls)
    ? { ...origin, WEBHOOK_QUEUE_URLS: urls.join(',') }
    : { ...origin, WEBHOOK_QUEUE_URL: urls[0] };
}

afterAll(() => rmSync(outdir, { recursive: true, force: true }));

/**
 * Bundle sizes are reported by `npm run bench -- bundles`, no longer a goal (the SDK's own
 * clients and the tracer are in every bundle). This bound only says nothing large was pulled in by
 * mistake (Redoc's 1.1 MB script, zod's ~350 KB of locales).
 */
const SANITY_KB = 1000;

describe('every deployed function, its STAGE unset', () => {
  it('refuses to start: its cold start throws, naming STAGE', () => {
    expect(refusals.length).toBe(functionCount);
    expect(refusals.filter((r) => !/refuses to start: STAGE is not set/.test(r.error ?? ''))).toEqual([]);
  });
});

describe("the size of each route's production bundle", () => {
  it(`keeps every one within ${SANITY_KB} KB`, () => {
    expect(sizesKb.size).toBe(routeNames.size);
    expect([...sizesKb].filter(([, kb]) => kb > SANITY_KB)).toEqual([]);
  });
});

describe('one request on each route through its production bundle', () => {
  it('runs every route of the route table, once', () => {
    expect(results.map((r) => r.name).sort()).toEqual([...routeNames].sort());
  });

  it.each(ROUTES.map((r) => [`${r.method} ${r.path}`, r.operation]))('%s answers without a server error', (_, operation) => {
    const result = results.find((r) => r.name === operation);
    expect({
      operation,
      error: result?.error,
      status: result?.status,
      server_error: (result?.status ?? 500) >= 500 ? result?.body : undefined,
    }).toEqual({
      operation,
      error: undefined,
      status: expect.any(Number),
      server_error: undefined,
    });
  });
});
