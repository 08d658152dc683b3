import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { analyseCode } from '../infra/aws/access/analyse-code';
import type { Service } from '../infra/aws/access/sdk-actions';
import { BUNDLE_FILE, bundleFunctionsAsync, REPO_ROOT } from '../infra/aws/bundling';
import { BACKSTOP_ENTRY, FANOUT_ENTRY, JOBS_FOLDER, SIGNER_ENTRY } from '../infra/aws/partner-api-stack';
import { jobFiles } from '../infra/aws/job-schedules';
import { FALLBACK_HANDLER, ROUTES } from '../lib/routes';
import { round } from './stats';
import type { Bench, BenchRow } from './types';

const RUNS = 5;

/** The cold-import goal: a function's import at most this many times its SDK floor's. */
export const COLD_IMPORT_GOAL = 1.3;

/**
 * Every function's bundle, built as the CDK app builds it (infra/aws/bundling.ts, `FunctionBundles`):
 * its minified size (reported; no longer a goal), and its cold import time (a fresh Node process
 * importing it, the median of five) beside its **SDK floor**: a bundle, built with the same options,
 * of nothing but the SDK clients that function uses (read from its code, as IAM is:
 * infra/aws/access/analyse-code.ts) made as lib/aws/client-config.ts makes them, captured by the
 * tracer, and the tracer's handler middleware. The ratio is our code's own share of a cold start
 * (docs/decisions.md, "The AWS SDK, traced").
 *
 * Each function's floor imports are taken in turns with its own, five of each, and its ratio is of
 * those: on this shared machine a process start drifts by a third over the minutes the run takes.
 */
export const bundlesBench: Bench = async () => {
  const outdir = mkdtempSync(join(tmpdir(), 'partner-api-bundles-'));
  try {
    const entries = bundleEntries();
    const services = servicesOf(entries);
    const floors = await buildFloors([...new Set(services.values())], outdir);
    const bundles = await buildProductionBundles(outdir);
    const rows: BenchRow[] = [];
    for (const [name, file] of bundles) {
      const kb = round(statSync(file).size / 1024, 1);
      const floor = floors.get(services.get(name)!)!;
      rows.push({ name: `${name}: bundle size`, value: kb, unit: 'KB', note: `its SDK floor (${floor.label}): ${floor.kb} KB` });
      const own: number[] = [];
      const sdk: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        sdk.push(timeImport(floor.file));
        own.push(timeImport(file));
      }
      rows.push({
        name: `${name}: cold import`,
        value: round(median(own), 1),
        unit: 'ms',
        baseline: round(median(sdk), 1),
        baselineName: `its SDK floor (${floor.label}), in turns`,
        ratio: round(median(own) / median(sdk)),
      });
    }
    const bare = Array.from({ length: RUNS }, () => timeNode(['-e', '']));
    return [...summaryRows(rows, median(bare)), ...rows];
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
};

/** Which SDK clients each function's code sends commands through (none: its floor is the tracer alone). */
function servicesOf(entries: Map<string, string>): Map<string, string> {
  const used = analyseCode([...entries.values()]);
  const clientsOf = (entry: string) =>
    [...new Set<Service>((used.get(entry) ?? []).map((u) => u.service))].filter((s) => s in CLIENTS).sort();
  return new Map([...entries].map(([name, entry]) => [name, clientsOf(entry).join('+')]));
}

/** Each service's client as lib/aws makes it, in a floor bundle's source. */
const CLIENTS: Record<string, { imports: string; make: string }> = {
  dynamodb: {
    imports: "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';\nimport { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';",
    make: 'DynamoDBDocumentClient.from(traced(new DynamoDBClient(options(4))), { marshallOptions: { removeUndefinedValues: true } })',
  },
  sqs: { imports: "import { SQSClient } from '@aws-sdk/client-sqs';", make: 'traced(new SQSClient(options(4)))' },
  kms: { imports: "import { KMSClient } from '@aws-sdk/client-kms';", make: 'traced(new KMSClient(options(3)))' },
  s3: {
    imports: "import { S3Client } from '@aws-sdk/client-s3';\nimport { getSignedUrl } from '@aws-sdk/s3-request-presigner';",
    make: '[traced(new S3Client(options(3))), getSignedUrl]',
  },
  ses: { imports: "import { SESv2Client } from '@aws-sdk/client-sesv2';", make: 'traced(new SESv2Client(options(3)))' },
};

/** The source of a floor bundle: the clients of `set` (`dynamodb+sqs`), made and traced, and the tracer's handler middleware. */
function floorSource(set: string): string {
  const services = set ? set.split('+') : [];
  return [
    "import { Tracer } from '@aws-lambda-powertools/tracer';",
    "import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';",
    ...services.map((s) => CLIENTS[s].imports),
    "const tracer = new Tracer({ serviceName: 'partner-api', captureHTTPsRequests: false });",
    'const traced = <C>(client: C): C => tracer.captureAWSv3Client(client as never) as C;',
    "const options = (maxAttempts: number) => ({ region: process.env.AWS_REGION ?? 'us-east-1', maxAttempts, requestHandler: { connectionTimeout: 2_000, requestTimeout: 5_000, throwOnRequestTimeout: true } });",
    `export const clients = [${services.map((s) => CLIENTS[s].make).join(', ')}];`,
    'export const middleware = captureLambdaHandler(tracer, { captureResponse: false });',
    'export const handler = async () => clients.length;',
    '',
  ].join('\n');
}

/** One floor bundle per set of clients, built as the functions are. */
async function buildFloors(sets: string[], outdir: string): Promise<Map<string, { file: string; kb: number; label: string }>> {
  const sources = join(REPO_ROOT, 'node_modules', '.cache', 'bench-sdk-floors');
  mkdirSync(sources, { recursive: true });
  const entries = sets.map((set): [string, string] => {
    const name = `floor-${set.replace(/\+/g, '-') || 'tracer'}`;
    writeFileSync(join(sources, `${name}.ts`), floorSource(set));
    return [name, join('node_modules', '.cache', 'bench-sdk-floors', `${name}.ts`)];
  });
  await bundleFunctionsAsync(entries, outdir);
  return new Map(
    sets.map((set, i) => {
      const file = join(outdir, entries[i][0], BUNDLE_FILE);
      return [
        set,
        { file, kb: round(statSync(file).size / 1024, 1), label: set ? `${set.replace(/\+/g, ', ')} and the tracer` : 'the tracer' },
      ];
    }),
  );
}

/**
 * The figures the goal is read from, ahead of the per-function rows: the median and largest bundle,
 * the median and slowest cold import beside its floor, how many functions meet the goal, and a bare
 * Node start for scale.
 */
function summaryRows(rows: BenchRow[], bareMs: number): BenchRow[] {
  const sizes = rows.filter((r) => r.name.endsWith(': bundle size'));
  const colds = rows.filter((r) => r.name.endsWith(': cold import'));
  const bySize = [...sizes].sort((a, b) => a.value - b.value);
  const byCold = [...colds].sort((a, b) => (a.ratio ?? 0) - (b.ratio ?? 0));
  const named = (r: BenchRow) => r.name.replace(/:.*$/, '');
  const medianOf = <T>(xs: T[]) => xs[Math.floor(xs.length / 2)];
  const within = colds.filter((r) => (r.ratio ?? Infinity) <= COLD_IMPORT_GOAL).length;
  const cold = (r: BenchRow, what: string): BenchRow => ({
    ...r,
    name: `${what} cold import (${named(r)})`,
    note: `goal ≤ ${COLD_IMPORT_GOAL}× its SDK floor for every function`,
  });
  return [
    { ...medianOf(bySize), name: `median bundle size (${named(medianOf(bySize))})` },
    { ...bySize[bySize.length - 1], name: `largest bundle (${named(bySize[bySize.length - 1])})` },
    cold(medianOf(byCold), 'median'),
    cold(byCold[byCold.length - 1], 'slowest'),
    {
      name: `functions whose cold import is at most ${COLD_IMPORT_GOAL}× their SDK floor`,
      value: within,
      baseline: colds.length,
      baselineName: 'functions',
      ratio: round(within / colds.length),
    },
    { name: "bare node -e '' (for scale)", value: round(bareMs, 1), unit: 'ms' },
  ];
}

/** Every function's entry by name: each route's operation, the fallback, the webhook pipeline's and the jobs'. */
export function bundleEntries(): Map<string, string> {
  return new Map<string, string>([
    ...ROUTES.map((r) => [r.operation, r.handler] as [string, string]),
    ['fallback', FALLBACK_HANDLER],
    ['webhook-fanout', FANOUT_ENTRY],
    ['webhook-signer', SIGNER_ENTRY],
    ['sequencer-backstop', BACKSTOP_ENTRY],
    ...jobFiles(JOBS_FOLDER).map((e) => [`job-${e.replace(/^.*\//, '').replace(/\.ts$/, '')}`, e] as [string, string]),
  ]);
}

/**
 * Builds every function's bundle (all, or those `only` names) as the CDK app deploys it: the same
 * esbuild options (infra/aws/bundling.ts), into `outdir/<name>/index.mjs`: the production bundles.
 * One build for all of them, asynchronous, so that a caller that talks over HTTP meanwhile keeps its
 * event loop. Returns each name with its file.
 */
export async function buildProductionBundles(outdir: string, only?: (name: string) => boolean): Promise<Map<string, string>> {
  const todo = [...bundleEntries()].filter(([name]) => !only || only(name));
  await bundleFunctionsAsync(todo, outdir);
  return new Map(todo.map(([name]) => [name, join(outdir, name, BUNDLE_FILE)]));
}

const timeImport = (file: string) => timeNode(['--input-type=module', '-e', `await import(${JSON.stringify(pathToFileURL(file).href)})`]);

/** Wall time of one Node process, in ms (the same Node that runs the bench: Node 24 under npm). */
function timeNode(args: string[]): number {
  const started = performance.now();
  const result = spawnSync(process.execPath, args, {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, AWS_REGION: 'us-east-1', TABLE_NAME: 'bench', STAGE: 'local' },
  });
  const elapsed = performance.now() - started;
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} failed: ${result.stderr.toString().slice(0, 500)}`);
  return elapsed;
}

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
