import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { BundleCache, type SharedOptions } from './bundle-cache';
import { REDOC_FILE, REDOC_PACKAGE_FILE } from '../../lib/docs/reference-assets';
import { OPENAPI_FILE, OPENAPI_SOURCE_FILE } from '../../lib/openapi/published';

/**
 * The repository root (entries in the route table are relative to it): the nearest folder up from
 * the working directory that holds cdk.json. Found from the cwd, not import.meta, because jest runs
 * this module as CommonJS.
 */
export const REPO_ROOT = findRoot(process.cwd());

function findRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'cdk.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No cdk.json above ${from}: run from the repository.`);
  }
}

/**
 * ESM output needs `require` for the odd CommonJS dependency that calls it (bundled code of the
 * AWS SDK does); Node's createRequire gives it back without a CommonJS wrapper.
 */
export const ESM_REQUIRE_BANNER = "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);";

/**
 * Node's own modules, each through a one-line CommonJS shim that asks `process.getBuiltinModule` for
 * it, instead of an ESM `import` of it. Node builds an ES module's view of a built-in by reading
 * every one of its exports, and some exports are lazy getters: `node:http`'s `WebSocket` and
 * friends load undici (fetch's HTTP client) at once, for every function, though none uses them. The
 * getMe bundle's import took ~25% less with the shims (docs/decisions.md, "Bundles"). The shims are
 * written beside the bundler's cache, the same bytes every time, so the bundles stay reproducible.
 */
let shims: Record<string, string> | undefined;
function builtinShims(): Record<string, string> {
  if (shims) return shims; // once per process: a synthesis bundles every function with the same map
  const dir = join(REPO_ROOT, 'node_modules', '.cache', 'builtin-shims');
  mkdirSync(dir, { recursive: true });
  const alias: Record<string, string> = {};
  for (const listed of builtinModules) {
    const name = listed.replace(/^node:/, ''); // the modules that exist only with the prefix are listed with it
    if (name.startsWith('_')) continue; // Node's legacy internals (_http_agent…): never imported by name
    const file = join(dir, `${name.replaceAll('/', '__')}.cjs`);
    if (!existsSync(file)) writeFileSync(file, `module.exports = process.getBuiltinModule(${JSON.stringify(`node:${name}`)});\n`);
    alias[name] = file;
    alias[`node:${name}`] = file;
  }
  shims = alias;
  return alias;
}

/**
 * How every function is bundled, in esbuild's own terms, so that the CDK app (through `FunctionBundles`)
 * and `bench/bundles.ts` (through esbuild's API) build the same bytes. Everything is bundled, the AWS
 * SDK included: the code runs on the SDK versions the tests ran on, and a minified bundle of only the
 * clients a handler uses starts faster than the runtime's full SDK.
 */
export const BUNDLE = {
  target: 'node24',
  platform: 'node',
  format: 'esm',
  minify: true,
  sourcemap: true,
  sourcesContent: false,
  mainFields: ['module', 'main'],
  banner: ESM_REQUIRE_BANNER,
  // Ahead of every function's own code: its cold start parses the environment and refuses to start
  // when it is wrong (STAGE unset, a production secret missing; lib/config/variables.ts).
  inject: ['lib/config/cold-start.ts'],
} as const;

/**
 * Files a function reads beside its code instead of carrying them in its bundle, by entry: each is
 * copied from its package into the asset next to `index.mjs`. The API reference's renderer serves
 * Redoc's 1.1 MB script as it is: inlined, it was text V8 parsed on every cold start and made the bundle
 * 1,384 KB (lib/docs/reference-assets.ts reads it; docs/decisions.md, "The API reference at /docs").
 * GET /v1/openapi.json serves the OpenAPI document `npm run schemas` wrote, read from beside its code
 * rather than built (lib/openapi/published.ts). `from` is a package's file or, starting `./`, the repository's.
 */
export const BESIDE_BUNDLE: Record<string, { from: string; to: string }[]> = {
  'functions/pages/reference-asset.ts': [{ from: REDOC_PACKAGE_FILE, to: REDOC_FILE }],
  'functions/api/get-openapi.ts': [{ from: `./${OPENAPI_SOURCE_FILE}`, to: OPENAPI_FILE }],
};

/** The file a function's asset holds, and the handler its Lambda is configured with (that file's export). */
export const BUNDLE_FILE = 'index.mjs';
export const BUNDLE_HANDLER = 'index.handler';

/**
 * Bundles one function's entry into `outdir` (`index.mjs` and its map) through esbuild's own API.
 * Not NodejsFunction's bundler: that one spawns `npx --no-install esbuild` per function, and npx
 * alone costs ~0.7 s a call, so `npm run synth` of 115 functions spent more time starting npm than
 * building (docs/decisions.md, "Bundles"). Synchronous because the CDK's local bundling is.
 */
export function bundleFunction(entry: string, outdir: string): void {
  copyBundle(bundleCache().ensure([entry], sharedOptions()).get(entry)!, entry, outdir);
}

/**
 * Many functions' bundles, each in `outdir/<name>/index.mjs` with its map, from the bundle cache
 * (infra/aws/bundle-cache.ts): those not built yet from these very inputs are built in ONE esbuild
 * build, so the modules they share are read and parsed once (133 functions: ~13 s instead of ~48 s),
 * and a second build of the same code (`npm run synth` after the bundle smoke test) only copies.
 * Each bundle is the same bytes as `bundleFunction` gives it alone (a test compares them). The CDK
 * app builds its functions this way (`FunctionBundles`).
 */
export function bundleFunctions(entries: [name: string, entry: string][], outdir: string): void {
  if (!entries.length) return;
  const built = bundleCache().ensure(
    entries.map(([, entry]) => entry),
    sharedOptions(),
  );
  for (const [name, entry] of entries) copyBundle(built.get(entry)!, entry, join(outdir, name));
}

/**
 * `bundleFunctions`, asynchronous, so a caller that talks over HTTP meanwhile keeps its event loop (the
 * bundle smoke test): a minute of `buildSync` leaves pooled keep-alive sockets past the server's
 * timeout unnoticed, and the next POST is written to a closed socket ("other side closed").
 */
export async function bundleFunctionsAsync(entries: [name: string, entry: string][], outdir: string): Promise<void> {
  if (!entries.length) return;
  const built = await bundleCache().ensureAsync(
    entries.map(([, entry]) => entry),
    sharedOptions(),
  );
  for (const [name, entry] of entries) copyBundle(built.get(entry)!, entry, join(outdir, name));
}

/**
 * The bundle cache: node_modules/.cache/function-bundles, or the folder `FUNCTION_BUNDLE_CACHE` names
 * (tests that compare two real builds give each a folder of its own).
 */
function bundleCache(): BundleCache {
  return new BundleCache(REPO_ROOT, process.env.FUNCTION_BUNDLE_CACHE);
}

/** A built bundle and its map, from its folder in the cache into `outdir`, with the files it reads beside it. */
function copyBundle(from: string, entry: string, outdir: string): void {
  mkdirSync(outdir, { recursive: true });
  for (const file of [BUNDLE_FILE, `${BUNDLE_FILE}.map`]) copyFileSync(join(from, file), join(outdir, file));
  copyBesideBundle(entry, outdir);
}

/**
 * The bundles of a stack's functions, built (or found in the bundle cache) in one esbuild build
 * (`bundleFunctions`) the first time the CDK bundles one of them, each copied into the assembly's
 * folder, then moved into the folder where the CDK bundles that function: one build for the whole
 * synthesis instead of one per function (`npm run synth`: docs/decisions.md, "Bundles"), the assets
 * and their hashes byte for byte what `bundleFunction` gives. A synthesis that skips bundling (the
 * `bundling-stacks` context) never asks, so nothing is built. An entry that is not one of `entries`,
 * or asked for in another folder, is bundled alone (`bundleFunction`).
 */
export class FunctionBundles {
  private readonly entries: string[];
  /** The built bundles not yet moved into an asset, by entry, and the folder they were built in. */
  private built?: { parent: string; dirs: Map<string, string> };

  constructor(entries: Iterable<string>) {
    this.entries = [...new Set(entries)];
  }

  /** Puts `entry`'s bundle into `outputDir` (the CDK's local bundling folder for its asset). */
  bundle(entry: string, outputDir: string): void {
    const parent = dirname(outputDir);
    if (!this.built && this.entries.includes(entry)) this.built = this.buildAll(parent);
    const dir = this.built?.parent === parent ? this.built.dirs.get(entry) : undefined;
    if (!dir) {
      bundleFunction(entry, outputDir);
      return;
    }
    this.built?.dirs.delete(entry);
    for (const file of readdirSync(dir)) renameSync(join(dir, file), join(outputDir, file));
    rmdirSync(dir);
  }

  private buildAll(parent: string): { parent: string; dirs: Map<string, string> } {
    const named = this.entries.map((entry, i): [string, string] => [`prebuilt-${process.pid}-${i}`, entry]);
    const dirs = new Map(named.map(([name, entry]) => [entry, join(parent, name)]));
    // Bundles the CDK never asks for (it staged that asset before, or the synthesis failed) leave the assembly.
    process.once('exit', () => {
      for (const dir of dirs.values()) rmSync(dir, { recursive: true, force: true });
    });
    for (const dir of dirs.values()) rmSync(dir, { recursive: true, force: true });
    bundleFunctions(named, parent);
    return { parent, dirs };
  }
}

function copyBesideBundle(entry: string, outdir: string): void {
  const files = BESIDE_BUNDLE[entry] ?? [];
  if (!files.length) return;
  const resolve = createRequire(join(REPO_ROOT, 'package.json')).resolve;
  mkdirSync(outdir, { recursive: true });
  for (const { from, to } of files) copyFileSync(resolve(from), join(outdir, to));
}

/** Every function's build options but its entry and where it is written (`BUNDLE`, in esbuild's terms). */
function sharedOptions(): SharedOptions {
  return {
    bundle: true,
    logLevel: 'warning',
    platform: BUNDLE.platform,
    target: BUNDLE.target,
    format: BUNDLE.format,
    minify: BUNDLE.minify,
    sourcemap: BUNDLE.sourcemap,
    sourcesContent: BUNDLE.sourcesContent,
    mainFields: [...BUNDLE.mainFields],
    banner: { js: BUNDLE.banner },
    inject: BUNDLE.inject.map((file) => join(REPO_ROOT, file)),
    alias: builtinShims(),
  };
}
