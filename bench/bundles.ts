import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BUNDLE_FILE, bundleFunctionsAsync } from '../infra/aws/bundling';
import { FANOUT_ENTRY, JOBS_FOLDER, SIGNER_ENTRY } from '../infra/aws/partner-api-stack';
import { entriesIn, whenPresent } from '../infra/aws/when-present';
import { FALLBACK_HANDLER, ROUTES } from '../lib/routes';
import { round } from './stats';
import type { Bench, BenchRow } from './types';

/** The goal for each function's minified bundle (docs/decisions.md, "Where a request's time goes": cold start). */
export const BUNDLE_GOAL_KB = 500;
const RUNS = 5;

/**
 * Every function's bundle, built as the CDK app builds it (infra/aws/bundling.ts, `FunctionBundles`):
 * its minified size beside the 500 KB goal, and its cold import time (a fresh Node process importing
 * it, the median of five) beside a bare `node -e ''` start. The import adds what Lambda's init phase
 * adds to a cold start on top of the runtime's own start.
 *
 * Each function's bare starts are taken in turns with its imports, five of each, and its ratio is
 * of those: on this shared machine a process start drifts by a third over the minute and a half the
 * run takes, and one bare figure taken at the start made the ratios of the last functions move with
 * the machine, not with their code.
 */
export const bundlesBench: Bench = async () => {
  const outdir = mkdtempSync(join(tmpdir(), 'partner-api-bundles-'));
  try {
    const entries = await buildProductionBundles(outdir);
    const rows: BenchRow[] = [];
    for (const [name, file] of entries) {
      const kb = round(statSync(file).size / 1024, 1);
      rows.push({
        name: `${name}: bundle size`,
        value: kb,
        unit: 'KB',
        baseline: BUNDLE_GOAL_KB,
        baselineName: 'goal',
        ratio: round(kb / BUNDLE_GOAL_KB),
        note: kb > BUNDLE_GOAL_KB ? 'over the goal' : undefined,
      });
      const url = pathToFileURL(file).href;
      const bare: number[] = [];
      const cold: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        bare.push(timeNode(['-e', '']));
        cold.push(timeNode(['--input-type=module', '-e', `await import(${JSON.stringify(url)})`]));
      }
      rows.push({
        name: `${name}: cold import`,
        value: round(median(cold), 1),
        unit: 'ms',
        baseline: round(median(bare), 1),
        baselineName: "bare node -e '', in turns",
        ratio: round(median(cold) / median(bare)),
      });
    }
    return [...summaryRows(rows), ...rows];
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
};

/** The cold-start goal: a function's import at most this many times a bare Node start (docs/decisions.md). */
export const COLD_IMPORT_GOAL = 2.5;

/**
 * The figures the goals are read from, ahead of the per-function rows: the median and largest bundle,
 * the median and slowest cold import beside the bare start, and how many functions meet the goal.
 */
function summaryRows(rows: BenchRow[]): BenchRow[] {
  const sizes = rows.filter((r) => r.name.endsWith(': bundle size'));
  const colds = rows.filter((r) => r.name.endsWith(': cold import'));
  const bySize = [...sizes].sort((a, b) => a.value - b.value);
  const byCold = [...colds].sort((a, b) => (a.ratio ?? 0) - (b.ratio ?? 0));
  const named = (r: BenchRow) => r.name.replace(/:.*$/, '');
  const medianOf = <T>(xs: T[]) => xs[Math.floor(xs.length / 2)];
  const within = colds.filter((r) => (r.ratio ?? Infinity) <= COLD_IMPORT_GOAL).length;
  const cold = (r: BenchRow, what: string): BenchRow => ({
    name: `${what} cold import (${named(r)})`,
    value: r.value,
    unit: 'ms',
    baseline: r.baseline,
    baselineName: r.baselineName,
    ratio: r.ratio,
    note: `goal ≤ ${COLD_IMPORT_GOAL}× for every function`,
  });
  return [
    { ...medianOf(bySize), name: `median bundle size (${named(medianOf(bySize))})` },
    { ...bySize[bySize.length - 1], name: `largest bundle (${named(bySize[bySize.length - 1])})` },
    cold(medianOf(byCold), 'median'),
    cold(byCold[byCold.length - 1], 'slowest'),
    {
      name: `functions whose cold import is at most ${COLD_IMPORT_GOAL}× the bare start`,
      value: within,
      baseline: colds.length,
      baselineName: 'functions',
      ratio: round(within / colds.length),
    },
  ];
}

/** Every function's entry by name: each route's operation, the fallback, the webhook pipeline's and the jobs'. */
export function bundleEntries(): Map<string, string> {
  return new Map<string, string>([
    ...ROUTES.map((r) => [r.operation, r.handler] as [string, string]),
    ['fallback', FALLBACK_HANDLER],
    ...[whenPresent(FANOUT_ENTRY, (e) => ['webhook-fanout', e]), whenPresent(SIGNER_ENTRY, (e) => ['webhook-signer', e])].filter(
      (x): x is [string, string] => Boolean(x),
    ),
    ...entriesIn(JOBS_FOLDER).map((e) => [`job-${e.replace(/^.*\//, '').replace(/\.ts$/, '')}`, e] as [string, string]),
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

/** Wall time of one Node process, in ms (the same Node that runs the bench: Node 24 under npm). */
function timeNode(args: string[]): number {
  const started = performance.now();
  const result = spawnSync(process.execPath, args, {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, AWS_REGION: 'us-east-1', TABLE_NAME: 'bench' },
  });
  const elapsed = performance.now() - started;
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} failed: ${result.stderr.toString().slice(0, 500)}`);
  return elapsed;
}

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
