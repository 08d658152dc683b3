import { App, Stack } from 'aws-cdk-lib';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { pathToFileURL } from 'node:url';
import { ServiceFunction } from '../../infra/aws/constructs/service-function';
import { bundleFunction, ESM_REQUIRE_BANNER, FunctionBundles, REPO_ROOT } from '../../infra/aws/bundling';
import { buildProductionBundles, bundleEntries } from '../../bench/bundles';
import { TEST_APP_PROPS } from './support/synth';

const bundleEntriesOf = (names: string[]) => [...bundleEntries()].filter(([name]) => names.includes(name));

/**
 * Synthesizes one stack holding these functions (id → entry), really bundled (unless `context` skips it),
 * into a fresh folder: each function bundled alone, or with `batch` all from one build as the app
 * does (`FunctionBundles`). `afterFirst` sees the folder once the first function is constructed (the
 * CDK bundles an asset when its function is constructed).
 */
function synthesize(
  stackName: string,
  functions: Record<string, string>,
  {
    batch = false,
    context,
    afterFirst,
  }: { batch?: boolean; context?: Record<string, unknown>; afterFirst?: (outdir: string) => void } = {},
): string {
  const outdir = mkdtempSync(join(tmpdir(), 'cdk-bundle-'));
  const app = new App({ ...TEST_APP_PROPS, outdir, context });
  const stack = new Stack(app, stackName, { env: { account: '123456789012', region: 'us-east-1' } });
  const bundles = batch ? new FunctionBundles(Object.values(functions)) : undefined;
  for (const [i, [id, entry]] of Object.entries(functions).entries()) {
    new ServiceFunction(stack, id, {
      functionName: `bundle-test-${id}`,
      entry,
      bundles,
      description: entry,
      environment: {},
      statements: [],
      logRetention: RetentionDays.ONE_DAY,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    if (i === 0) afterFirst?.(outdir);
  }
  app.synth();
  return outdir;
}

/**
 * `work` with bundles built in a bundle cache of its own (FUNCTION_BUNDLE_CACHE, infra/aws/bundle-cache.ts),
 * empty, at the same depth as every other such cache: a map names its sources relative to its bundle's folder.
 */
function withFreshBundleCache<T>(work: () => T): T {
  const before = process.env.FUNCTION_BUNDLE_CACHE;
  process.env.FUNCTION_BUNDLE_CACHE = mkdtempSync(join(tmpdir(), 'bundle-cache-'));
  const restore = () => {
    if (before === undefined) delete process.env.FUNCTION_BUNDLE_CACHE;
    else process.env.FUNCTION_BUNDLE_CACHE = before;
  };
  try {
    const result = work();
    if (result instanceof Promise) return result.finally(restore) as T;
    restore();
    return result;
  } catch (error) {
    restore();
    throw error;
  }
}

/** The folders of a synthesis that hold a bundle, by name (assets, and bundles already built but not yet moved into an asset). */
const bundleDirs = (outdir: string) => readdirSync(outdir).filter((d) => existsSync(join(outdir, d, 'index.mjs')));

/** The one bundled asset of a one-function synthesis. */
function onlyAsset(outdir: string): string {
  return readdirSync(outdir)
    .filter((d) => d.startsWith('asset.'))
    .map((d) => join(outdir, d))
    .find((d) => existsSync(join(d, 'index.mjs')))!;
}

describe('bundling a function with the local esbuild (no Docker)', () => {
  const assetDir = onlyAsset(synthesize('BundleOne', { GetMe: 'functions/api/get-me.ts' }));

  // Size is reported by `npm run bench -- bundles`, no longer a goal: the bound here only says
  // nothing large was pulled in by mistake (Redoc is 1.1 MB, zod's locales ~350 KB).
  it('writes one minified ESM file with its source map, under 1,000 KB', () => {
    expect(assetDir).toBeDefined();
    const code = readFileSync(join(assetDir, 'index.mjs'), 'utf8');
    expect(code.startsWith(ESM_REQUIRE_BANNER)).toBe(true);
    expect(code).toMatch(/\/\/# sourceMappingURL=index\.mjs\.map\s*$/);
    expect(existsSync(join(assetDir, 'index.mjs.map'))).toBe(true);
    expect(statSync(join(assetDir, 'index.mjs')).size).toBeLessThan(1000 * 1024);
  });

  it('loads in Node 24 as an ES module exporting the handler', () => {
    const probe = `const m = await import(${JSON.stringify(pathToFileURL(join(assetDir, 'index.mjs')).href)}); if (typeof m.handler !== 'function') process.exit(3);`;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', probe], {
      env: { ...process.env, AWS_REGION: 'us-east-1' },
      encoding: 'utf8',
    });
    expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 0, stderr: '' });
  });
});

/**
 * One GET to the handler of the bundle in `assetDir`, invoked as Lambda does in a fresh Node process
 * (the code and the files beside it, nothing else); `pick` is an expression of the proxy result `r`,
 * evaluated there, whose JSON is the answer.
 */
function getFromAsset(assetDir: string, path: string, pick: string, resource = path, pathParameters: Record<string, string> | null = null) {
  const event = {
    httpMethod: 'GET',
    path,
    resource,
    headers: {},
    queryStringParameters: null,
    pathParameters,
    requestContext: { identity: { sourceIp: '192.0.2.1' } },
  };
  const probe = `const { handler } = await import(${JSON.stringify(pathToFileURL(join(assetDir, 'index.mjs')).href)});
const r = await handler(${JSON.stringify(event)}, {});
console.log(JSON.stringify(${pick}));`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', probe], {
    env: { ...process.env, AWS_REGION: 'us-east-1', LOG_LEVEL: 'ERROR', POWERTOOLS_LOG_LEVEL: 'ERROR' },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  const answer = result.status === 0 ? JSON.parse(result.stdout.trim().split('\n').pop()!) : undefined;
  return { exit: result.status, stderr: result.stderr, answer };
}

describe('the API reference renderer in its Lambda bundle', () => {
  const assetDir = onlyAsset(synthesize('BundleReference', { Renderer: 'functions/pages/reference-asset.ts' }));

  it("carries Redoc's script as a file beside its bundle in the asset, and serves it with no CDN address in it", () => {
    const { exit, answer } = getFromAsset(
      assetDir,
      '/docs/assets/redoc.standalone.js',
      "{ status: r.statusCode, type: r.headers['Content-Type'], bytes: r.body.length, redoc: r.body.includes('Redoc'), cdn: r.body.includes('cdn.redoc.ly') }",
    );
    expect(exit).toBe(0);
    expect(answer).toMatchObject({ status: 200, type: 'text/javascript; charset=utf-8', redoc: true, cdn: false });
    expect(answer.bytes).toBeGreaterThan(1_000_000);
    // Redoc's file travels beside the code, and nothing else: no node_modules, which a Lambda does not get.
    expect(readdirSync(assetDir).sort()).toEqual(['index.mjs', 'index.mjs.map', 'redoc.standalone.js']);
    expect(readFileSync(join(assetDir, 'index.mjs'), 'utf8').includes('redoc-wrap')).toBe(false);
  });
});

describe('GET /v1/openapi.json in its Lambda bundle', () => {
  const assetDir = onlyAsset(synthesize('BundleOpenApi', { OpenApi: 'functions/api/get-openapi.ts' }));

  it('carries docs/openapi.json beside its code and serves it, without the route table that built it', () => {
    const { exit, answer } = getFromAsset(
      assetDir,
      '/v1/openapi.json',
      "{ status: r.statusCode, type: r.headers['Content-Type'], body: r.body }",
    );
    expect(exit).toBe(0);
    expect(answer).toMatchObject({ status: 200, type: 'application/json' });
    const kept = readFileSync(join(REPO_ROOT, 'docs', 'openapi.json'), 'utf8');
    // The same document, sent compact as every JSON body is.
    expect(answer.body).toBe(JSON.stringify(JSON.parse(kept)));
    expect(readdirSync(assetDir).sort()).toEqual(['index.mjs', 'index.mjs.map', 'openapi.json']);
    expect(readFileSync(join(assetDir, 'openapi.json'), 'utf8')).toBe(kept);
    const code = readFileSync(join(assetDir, 'index.mjs'), 'utf8');
    // No route's contract came along: the document is not built here.
    expect(code.includes('/v1/companies/{companyID}')).toBe(false);
  });
});

describe('the hosted invoice in its Lambda bundle', () => {
  const assetDir = onlyAsset(synthesize('BundleInvoice', { HostedInvoice: 'functions/pages/hosted-invoice.ts' }));

  it("carries its PDF writer inside the one file, under 1,000 KB, loads, and answers a forged link's PDF with 404", () => {
    const { exit, stderr, answer } = getFromAsset(
      assetDir,
      '/invoices/hosted/x.y.pdf',
      '{ status: r.statusCode }',
      '/invoices/hosted/{token}',
      {
        token: 'x.y.pdf',
      },
    );
    expect({ exit, stderr }).toEqual({ exit: 0, stderr: '' });
    expect(answer).toEqual({ status: 404 });
    const code = readFileSync(join(assetDir, 'index.mjs'), 'utf8');
    expect(code).toContain('/BaseFont /');
    expect(statSync(join(assetDir, 'index.mjs')).size).toBeLessThan(1000 * 1024);
    expect(readdirSync(assetDir).sort()).toEqual(['index.mjs', 'index.mjs.map']);
  });
});

describe('two functions of one synthesis', () => {
  const outdir = synthesize('BundleTwo', { GetMe: 'functions/api/get-me.ts', Invoice: 'functions/pages/hosted-invoice.ts' });

  it('each get the bundle of their own entry (the CDK caches bundles by their options: the entry is one)', () => {
    const template = JSON.parse(readFileSync(join(outdir, 'BundleTwo.template.json'), 'utf8'));
    const functions = Object.values<any>(template.Resources).filter((r) => r.Type === 'AWS::Lambda::Function');
    const keys = functions.map((f) => f.Properties.Code.S3Key);
    expect(functions.map((f) => f.Properties.Handler)).toEqual(['index.handler', 'index.handler']);
    expect(new Set(keys).size).toBe(2);
    const codes = keys.map((k: string) => readFileSync(join(outdir, `asset.${k.replace(/\.zip$/, '')}`, 'index.mjs'), 'utf8'));
    expect(codes.map((c: string) => c.includes('/BaseFont /'))).toEqual([false, true]);
  });
});

describe("one build for all the functions of a stack (FunctionBundles, the app's: `npm run synth`)", () => {
  const functions = { GetMe: 'functions/api/get-me.ts', Renderer: 'functions/pages/reference-asset.ts' };

  it('builds every bundle when the CDK bundles the first, and gives each asset the bytes and the hash of its function bundled alone', () => {
    let dirsAfterFirst: string[] = [];
    // Two real builds: each from a bundle cache of its own (a shared one would hand the second the first's bytes).
    const batched = withFreshBundleCache(() =>
      synthesize('BundleSet', functions, { batch: true, afterFirst: (dir) => (dirsAfterFirst = bundleDirs(dir)) }),
    );
    const alone = withFreshBundleCache(() => synthesize('BundleSet', functions));
    // Once the first asset is staged, the second function's bundle is already built beside it.
    expect(dirsAfterFirst.filter((d) => !d.startsWith('asset.'))).toHaveLength(1);
    // The same template (the assets' hashes are in it), the same assets, Redoc's file beside included.
    const names = (dir: string) =>
      readdirSync(dir)
        .filter((f) => f.endsWith('.template.json') || f.startsWith('asset.'))
        .sort();
    expect(names(batched)).toEqual(names(alone));
    for (const name of names(alone)) {
      const files = name.startsWith('asset.') ? readdirSync(join(alone, name)).map((f) => join(name, f)) : [name];
      if (name.startsWith('asset.')) expect(readdirSync(join(batched, name)).sort()).toEqual(readdirSync(join(alone, name)).sort());
      for (const file of files) {
        const same = readFileSync(join(batched, file)).equals(readFileSync(join(alone, file)));
        expect({ file, same }).toEqual({ file, same: true });
      }
    }
    // Nothing left beside the assets.
    expect(readdirSync(batched).filter((d) => !d.startsWith('asset.') && statSync(join(batched, d)).isDirectory())).toEqual([]);
    expect(readdirSync(batched).some((d) => existsSync(join(batched, d, 'redoc.standalone.js')))).toBe(true);
  });

  it("builds nothing when the synthesis skips bundling (the infra tests' `bundling-stacks` context)", () => {
    const outdir = synthesize('BundleSkipped', functions, { batch: true, context: { 'aws:cdk:bundling-stacks': [] } });
    expect(bundleDirs(outdir)).toEqual([]);
  });
});

describe('building bundles beside HTTP (the bundle smoke test)', () => {
  it('keeps the event loop turning while it builds: a build that held it left pooled keep-alive sockets dead', async () => {
    const outdir = mkdtempSync(join(tmpdir(), 'bundles-async-'));
    const turns: string[] = [];
    setImmediate(() => turns.push('event loop turned'));
    // A real build (a fresh bundle cache): a bundle found in the cache is only copied.
    const built = await withFreshBundleCache(() => buildProductionBundles(outdir, (name) => name === 'fallback'));
    turns.push('built');
    expect(turns).toEqual(['event loop turned', 'built']);
    expect(existsSync(built.get('fallback')!)).toBe(true);
  });
});

describe('one build for many functions (the smoke test and the bench)', () => {
  it('gives each function the very bytes its build alone (bundleFunction) gives, its map and its files beside included', async () => {
    const names = ['getMe', 'apiReferenceRenderer', 'hostedInvoice'];
    const many = mkdtempSync(join(tmpdir(), 'bundles-many-'));
    // Two real builds: each from a bundle cache of its own (a shared one would hand the second the first's bytes).
    const built = await withFreshBundleCache(() => buildProductionBundles(many, (name) => names.includes(name)));
    const entries = new Map([...bundleEntriesOf(names)]);
    for (const name of names) {
      const alone = join(mkdtempSync(join(tmpdir(), 'bundles-alone-')), name);
      withFreshBundleCache(() => bundleFunction(entries.get(name)!, alone));
      const fromMany = dirname(built.get(name)!);
      expect({ name, files: readdirSync(fromMany).sort() }).toEqual({ name, files: readdirSync(alone).sort() });
      for (const file of readdirSync(alone)) {
        expect({ name, file, same: readFileSync(join(fromMany, file)).equals(readFileSync(join(alone, file))) }).toEqual({
          name,
          file,
          same: true,
        });
      }
    }
  });
});

describe('what keeps bundles small', () => {
  it("keeps Redoc out of both reference functions' code: the renderer's asset has it as a file beside", async () => {
    const outdir = mkdtempSync(join(tmpdir(), 'bundles-reference-'));
    const built = await buildProductionBundles(outdir, (name) => name === 'apiReference' || name === 'apiReferenceRenderer');
    const kb = (name: string) => statSync(built.get(name)!).size / 1024;
    const redocIn = (name: string) => readFileSync(built.get(name)!, 'utf8').includes('redoc-wrap');
    const beside = (name: string) => existsSync(join(dirname(built.get(name)!), 'redoc.standalone.js'));
    expect({
      under1000Kb: kb('apiReference') < 1000 && kb('apiReferenceRenderer') < 1000,
      inCode: redocIn('apiReference') || redocIn('apiReferenceRenderer'),
      page: beside('apiReference'),
      renderer: beside('apiReferenceRenderer'),
    }).toEqual({ under1000Kb: true, inCode: false, page: false, renderer: true });
  });

  it("imports zod as a namespace everywhere: `import { z }` pulls zod's ~40 locales into every bundle (+350 KB)", () => {
    const offenders = spawnSync('grep', ['-rlE', "^import \\{ z \\} from 'zod'", 'lib', 'functions'], { encoding: 'utf8' })
      .stdout.trim()
      .split('\n')
      .filter(Boolean);
    expect(offenders.map((f) => `${f}: write \`import * as z from 'zod'\``)).toEqual([]);
  });
});
