import { build, buildSync, type BuildOptions, type Metafile, version as esbuildVersion } from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** A build's options less its entry points and where it writes. */
export type SharedOptions = Omit<BuildOptions, 'entryPoints' | 'outfile' | 'outdir' | 'outExtension' | 'metafile' | 'write'>;

/** How long a build may hold the cache's lock before another process takes it as abandoned. */
const LOCK_STALE_MS = 10 * 60 * 1000;

/**
 * Bundles kept between builds, one folder per entry and options, so that a build of the same inputs
 * (`npm run synth` after the bundle smoke test, a second synthesis) copies instead of building. Each
 * folder holds the bundle, its map and the inputs it was built from with their content hashes; it is
 * used only while every input is unchanged. Bundles are built in the cache's own folders, so a map
 * names its sources from there, the same bytes wherever the bundle is copied to.
 */
export class BundleCache {
  readonly root: string;

  /** `repoRoot`: what entries are relative to; the cache lives in its node_modules unless `root` is given. */
  constructor(
    private readonly repoRoot: string,
    root?: string,
  ) {
    // The real folder: a clone that links node_modules shares the cache, and its maps are the same bytes.
    this.root = root ?? join(realpathSync(join(repoRoot, 'node_modules')), '.cache', 'function-bundles');
  }

  /** The folder of each entry's bundle built with `options`, those not kept built now, in one build. */
  ensure(entries: string[], options: SharedOptions): Map<string, string> {
    const missing = this.missing(entries, options);
    if (missing.length) this.locked(() => this.write(this.missing(missing, options), options, (o) => buildSync(o).metafile!));
    return new Map(entries.map((e) => [e, this.folder(e, options)]));
  }

  /** `ensure`, building asynchronously, so the caller's event loop keeps turning meanwhile. */
  async ensureAsync(entries: string[], options: SharedOptions): Promise<Map<string, string>> {
    const missing = this.missing(entries, options);
    if (missing.length) {
      await this.lockedAsync(async () => {
        const still = this.missing(missing, options);
        if (still.length) this.record(still, options, (await build(this.buildOptions(still, options))).metafile!);
      });
    }
    return new Map(entries.map((e) => [e, this.folder(e, options)]));
  }

  private folder(entry: string, options: SharedOptions): string {
    const identity = JSON.stringify([esbuildVersion, entry, { ...options, alias: Object.keys(options.alias ?? {}).sort() }]);
    return join(this.root, createHash('sha256').update(identity).digest('hex').slice(0, 32));
  }

  /** The entries with no kept bundle, or one whose inputs changed since. */
  private missing(entries: string[], options: SharedOptions): string[] {
    const hashOf = hashOnce();
    return entries.filter((entry) => {
      const manifest = join(this.folder(entry, options), 'inputs.json');
      if (!existsSync(manifest)) return true;
      const inputs = JSON.parse(readFileSync(manifest, 'utf8')) as [string, string][];
      return inputs.some(([path, hash]) => hashOf(path) !== hash);
    });
  }

  private write(entries: string[], options: SharedOptions, run: (o: BuildOptions) => Metafile): void {
    if (entries.length) this.record(entries, options, run(this.buildOptions(entries, options)));
  }

  private buildOptions(entries: string[], options: SharedOptions): BuildOptions {
    for (const entry of entries) rmSync(this.folder(entry, options), { recursive: true, force: true });
    return {
      ...options,
      entryPoints: entries.map((entry) => ({
        in: join(this.repoRoot, entry),
        out: `${this.folder(entry, options).slice(this.root.length + 1)}/index`,
      })),
      outdir: this.root,
      outExtension: { '.js': '.mjs' },
      metafile: true,
    };
  }

  /** Each built entry's inputs, followed from the entry through the imports esbuild recorded, hashed. */
  private record(entries: string[], options: SharedOptions, metafile: Metafile): void {
    const cwd = process.cwd();
    const hashOf = hashOnce();
    for (const entry of entries) {
      const seen = new Set<string>();
      const visit = (path: string) => {
        if (seen.has(path) || !metafile.inputs[path]) return;
        seen.add(path);
        for (const imported of metafile.inputs[path].imports) visit(imported.path);
      };
      const start = Object.keys(metafile.inputs).find((p) => resolve(cwd, p) === realpathSync(join(this.repoRoot, entry)));
      if (start) visit(start);
      const inputs = [...seen].map((p) => resolve(cwd, p)).map((p) => [p, hashOf(p)]);
      const manifest = join(this.folder(entry, options), 'inputs.json');
      writeFileSync(`${manifest}.tmp`, JSON.stringify(inputs));
      renameSync(`${manifest}.tmp`, manifest);
    }
  }

  /** Runs `work` holding the cache's lock: two processes never build into it at once. */
  private locked(work: () => void): void {
    const lock = this.lockPath();
    while (!this.take(lock)) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    try {
      work();
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }

  private async lockedAsync(work: () => Promise<void>): Promise<void> {
    const lock = this.lockPath();
    while (!this.take(lock)) await new Promise((r) => setTimeout(r, 200));
    try {
      await work();
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }

  private lockPath(): string {
    mkdirSync(this.root, { recursive: true });
    return join(this.root, '.lock');
  }

  /** Takes the lock, or gives up on one whose holder died or that is older than LOCK_STALE_MS. */
  private take(lock: string): boolean {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      return true;
    } catch {
      if (abandoned(lock)) rmSync(lock, { recursive: true, force: true });
      return false;
    }
  }
}

function abandoned(lock: string): boolean {
  try {
    if (Date.now() - statSync(lock).mtimeMs > LOCK_STALE_MS) return true;
    const pid = Number(readFileSync(join(lock, 'pid'), 'utf8'));
    if (!pid) return false; // being written
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * A file's content hash (undefined when it is gone), each file read once per check: the entries share
 * most of their inputs (the SDK's modules, lib/), 166 entries list ~207,000 inputs but only ~2,500
 * files, and hashing each entry's list afresh cost seconds of every synthesis and bundle build.
 */
function hashOnce(): (path: string) => string | undefined {
  const known = new Map<string, string | undefined>();
  return (path) => {
    if (!known.has(path)) known.set(path, existsSync(path) ? createHash('sha1').update(readFileSync(path)).digest('hex') : undefined);
    return known.get(path);
  };
}
