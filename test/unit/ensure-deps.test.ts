import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * scripts/ensure-deps.cjs in a throwaway project, with a stand-in `npm` on PATH that prints what npm
 * prints when it installs under an older Node (an EBADENGINE warning per package asking for Node 24),
 * or fails the way a real install fails.
 */
function project(npmScript: string): { dir: string; run: () => { status: number | null; stdout: string; stderr: string } } {
  const dir = mkdtempSync(join(tmpdir(), 'ensure-deps-'));
  mkdirSync(join(dir, 'scripts'));
  copyFileSync(join(__dirname, '..', '..', 'scripts', 'ensure-deps.cjs'), join(dir, 'scripts', 'ensure-deps.cjs'));
  writeFileSync(join(dir, 'package.json'), '{"name":"x","engines":{"node":">=24 <25"}}');
  writeFileSync(join(dir, 'package-lock.json'), '{}');
  mkdirSync(join(dir, 'fakebin'));
  writeFileSync(join(dir, 'fakebin', 'npm'), `#!/bin/sh\n${npmScript}\n`);
  chmodSync(join(dir, 'fakebin', 'npm'), 0o755);
  const run = () => {
    const r = spawnSync(process.execPath, ['scripts/ensure-deps.cjs'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, PATH: `${join(dir, 'fakebin')}:${process.env.PATH}` },
    });
    return { status: r.status, stdout: r.stdout, stderr: r.stderr };
  };
  return { dir, run };
}

const ENGINE_NOISE = Array.from({ length: 6 }, (_, i) =>
  [
    `npm warn EBADENGINE Unsupported engine {`,
    `npm warn EBADENGINE   package: 'pkg-${i}@1.0.0',`,
    `npm warn EBADENGINE   required: { node: '>=22' },`,
    `npm warn EBADENGINE }`,
  ].join('\n'),
).join('\n');

describe('ensure-deps on a fresh clone', () => {
  it("says what happens in one line and how it ended in another; npm's engine warnings go to the log", () => {
    const { dir, run } = project(
      `cat engine-noise.txt >&2; mkdir -p node_modules/.bin; touch node_modules/.bin/node; echo 'added 510 packages in 2m'`,
    );
    writeFileSync(join(dir, 'engine-noise.txt'), `${ENGINE_NOISE}\n`);
    const first = run();
    expect(first.status).toBe(0);
    const lines = first.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^Installing dependencies with npm install \(first run; a minute or two\)\. The scripts then run on Node 24/);
    expect(lines[1]).toMatch(
      /^Dependencies installed in \d+ s \(npm: added 510 packages in 2m\); npm's full output, warnings included: node_modules\/\.install\.log\.$/,
    );
    expect(first.stdout + first.stderr).not.toContain('EBADENGINE');
    expect(readFileSync(join(dir, 'node_modules', '.install.log'), 'utf8')).toContain("npm warn EBADENGINE   package: 'pkg-5@1.0.0'");
    expect(run()).toEqual({ status: 0, stdout: '', stderr: '' });
  });

  it("hides nothing when npm fails: its whole output, and npm's exit status", () => {
    const { dir, run } = project(
      `echo 'npm error code E404' >&2; echo 'npm error 404 Not Found - GET https://registry.example/left-pad' >&2; exit 7`,
    );
    const failed = run();
    expect(failed.status).toBe(7);
    expect(failed.stderr).toContain('npm error 404 Not Found - GET https://registry.example/left-pad');
    expect(failed.stderr).toContain('npm install failed (exit 7)');
    expect(existsSync(join(dir, 'node_modules', '.installed-from'))).toBe(false);
  });
});
