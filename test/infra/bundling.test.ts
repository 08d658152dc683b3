import { App, Stack } from 'aws-cdk-lib';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { pathToFileURL } from 'node:url';
import { ServiceFunction } from '../../infra/aws/constructs/service-function';
import { ESM_REQUIRE_BANNER } from '../../infra/aws/bundling';

describe('bundling a function with the local esbuild (no Docker)', () => {
  const outdir = mkdtempSync(join(tmpdir(), 'cdk-bundle-'));
  const app = new App({ outdir });
  const stack = new Stack(app, 'BundleOne', { env: { account: '123456789012', region: 'us-east-1' } });
  new ServiceFunction(stack, 'GetMe', {
    functionName: 'bundle-test-getMe',
    entry: 'functions/api/get-me.ts',
    description: 'GET /v1/me',
    environment: {},
    statements: [],
    logRetention: RetentionDays.ONE_DAY,
    removalPolicy: RemovalPolicy.DESTROY,
  });
  app.synth();
  const assetDir = readdirSync(outdir).filter((d) => d.startsWith('asset.')).map((d) => join(outdir, d)).find((d) => existsSync(join(d, 'index.mjs')))!;

  it('writes one minified ESM file with its source map, under 500 KB', () => {
    expect(assetDir).toBeDefined();
    const code = readFileSync(join(assetDir, 'index.mjs'), 'utf8');
    expect(code.startsWith(ESM_REQUIRE_BANNER)).toBe(true);
    expect(code).toMatch(/\/\/# sourceMappingURL=index\.mjs\.map\s*$/);
    expect(existsSync(join(assetDir, 'index.mjs.map'))).toBe(true);
    expect(statSync(join(assetDir, 'index.mjs')).size).toBeLessThan(500 * 1024);
  });

  it('loads in Node 24 as an ES module exporting the handler', () => {
    const probe = `const m = await import(${JSON.stringify(pathToFileURL(join(assetDir, 'index.mjs')).href)}); if (typeof m.handler !== 'function') process.exit(3);`;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', probe], { env: { ...process.env, AWS_REGION: 'us-east-1' }, encoding: 'utf8' });
    expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 0, stderr: '' });
  });
});

describe('what keeps bundles small', () => {
  it("imports zod as a namespace everywhere: `import { z }` pulls zod's ~40 locales into every bundle (+350 KB)", () => {
    const offenders = spawnSync('grep', ['-rlE', "^import \\{ z \\} from 'zod'", 'lib', 'functions'], { encoding: 'utf8' }).stdout.trim().split('\n').filter(Boolean);
    expect(offenders.map((f) => `${f}: write \`import * as z from 'zod'\``)).toEqual([]);
  });
});
