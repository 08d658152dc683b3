import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { staleFiles } from './generate';

/**
 * `npm run sdk [-- --out <dir>]`: builds sdk/node into dist/ and packs it with `npm pack` (the
 * tarball lands in sdk/node/, or in --out). The package has no runtime dependencies: esbuild bundles
 * what the client uses (openapi-fetch, standardwebhooks) into dist/, so the tarball installs into an
 * empty folder without the registry. Refuses to build from generated files that are stale against
 * docs/openapi.json (run `npm run sdk:generate` first).
 *
 *   dist/index.js, dist/index.cjs   the client (ESM and CommonJS)
 *   dist/types/                     its declarations (tsc)
 *   dist/mcp.js                     the MCP server, the `partner-api-mcp` bin
 *   THIRD_PARTY_NOTICES.md          the licenses of what is bundled
 */
const sdkRoot = join(import.meta.dirname, '..');
const repoRoot = join(sdkRoot, '..', '..');
const dist = join(sdkRoot, 'dist');

export async function buildSdk(): Promise<void> {
  const stale = await staleFiles();
  if (stale.length)
    throw new Error(`sdk/node/${stale.join(', sdk/node/')} are stale against docs/openapi.json: run \`npm run sdk:generate\` first.`);
  rmSync(dist, { recursive: true, force: true });
  const common = {
    bundle: true,
    platform: 'node',
    target: 'node20',
    sourcemap: false,
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
  } as const;
  const results = await Promise.all([
    build({ ...common, entryPoints: [join(sdkRoot, 'src/index.ts')], format: 'esm', outfile: join(dist, 'index.js') }),
    build({ ...common, entryPoints: [join(sdkRoot, 'src/index.ts')], format: 'cjs', outfile: join(dist, 'index.cjs') }),
    build({
      ...common,
      entryPoints: [join(sdkRoot, 'src/mcp/main.ts')],
      format: 'esm',
      minify: true,
      outfile: join(dist, 'mcp.js'),
      // Bundled CommonJS (ajv) may call require(): give the ES module one.
      banner: {
        js: "#!/usr/bin/env node\nimport { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
      },
    }),
  ]);
  execFileSync(process.execPath, [join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', sdkRoot], { stdio: 'inherit' });
  withJsExtensions(join(dist, 'types'));
  writeFileSync(join(sdkRoot, 'THIRD_PARTY_NOTICES.md'), notices(results.map((r) => r.metafile!)));
}

/**
 * The sources import each other without extensions (bundler resolution: esbuild, tsx and jest take
 * them); a consumer resolving with `nodenext` needs `./client.js` in the declarations, so add it.
 */
function withJsExtensions(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) withJsExtensions(path);
    else if (entry.name.endsWith('.d.ts')) {
      const text = readFileSync(path, 'utf8').replace(/((?:from\s+|import\()['"])(\.{1,2}\/[^'"]+?)(?<!\.js)(['"])/g, '$1$2.js$3');
      writeFileSync(path, text);
    }
  }
}

/** The license text of every package esbuild put into dist/ (MIT and ISC ask that it travels with the code). */
function notices(metafiles: Metafile[]): string {
  const packages = new Map<string, string>();
  for (const input of metafiles.flatMap((m) => Object.keys(m.inputs))) {
    const match = /^(.*node_modules\/(@[^/]+\/[^/]+|[^@/][^/]*))\//.exec(input);
    if (match) packages.set(match[2], resolve(process.cwd(), match[1]));
  }
  const sections = [...packages.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, dir]) => {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string; license?: string };
      const file = readdirSync(dir).find((f) => /^(licen[cs]e|copying)(\.|$)/i.test(f));
      const text = file
        ? readFileSync(join(dir, file), 'utf8').trim()
        : `(${pkg.license ?? 'no license'} — no license file in the package)`;
      return `## ${name}@${pkg.version} (${pkg.license ?? 'unknown'})\n\n\`\`\`\n${text}\n\`\`\``;
    });
  return `# Third-party notices\n\nThese packages are bundled into dist/ (the package installs with no dependencies).\n\n${sections.join('\n\n')}\n`;
}

/** `npm pack` of sdk/node into `outDir`; returns the tarball's path. */
export function packSdk(outDir = sdkRoot): string {
  mkdirSync(outDir, { recursive: true });
  const out = execFileSync('npm', ['pack', '--json', '--pack-destination', outDir], {
    cwd: sdkRoot,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [{ filename }] = JSON.parse(out) as { filename: string }[];
  return join(outDir, filename);
}

if (import.meta.filename === process.argv[1] || process.argv[1]?.endsWith('sdk/node/scripts/build.ts')) {
  const at = process.argv.indexOf('--out');
  const outDir = at >= 0 ? resolve(process.argv[at + 1]) : sdkRoot;
  await buildSdk();
  const tarball = packSdk(outDir);
  if (!existsSync(tarball)) throw new Error(`npm pack wrote no ${tarball}`);
  console.log(
    `${relative(process.cwd(), tarball) || tarball}: ${(statSync(tarball).size / 1024).toFixed(1)} KiB (dist: ${readdirSync(dist).join(', ')})`,
  );
}
