import { spawn } from 'node:child_process';
import { mkdtempSync, existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../infra/local/dynamodb-local';

/**
 * Starts ONE embedded default (`infra/local/main.ts`, exactly what `npm start` runs) for the
 * integration and e2e projects, in memory, on free ports, with a throwaway .local directory.
 * Tests find it through TEST_LOCAL_DIR/credentials.json.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.TEST_LOCAL_DIR) return; // already started for another project of this run
  const localDir = mkdtempSync(join(tmpdir(), 'partner-api-test-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/main.ts', '--in-memory', '--exit-with-stdin'], {
    cwd: join(__dirname, '..', '..'),
    env: {
      ...process.env,
      PORT: String(port),
      LOCAL_DIR: localDir,
      // The seeded keys must not throttle the suite; rate-limit tests mint keys with low limits.
      LOCAL_RATE_LIMIT_BURST: '100000',
      LOCAL_RATE_LIMIT_SUSTAINED: '1000000',
      // The whole suite signs in from 127.0.0.1; the per-address limit is tested with addresses of its own.
      SIGN_IN_IP_LIMIT: '100000',
      SIGNED_OUT_RATE_LIMIT: '100000,1000000',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'ERROR',
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d.toString()));
  const deadline = Date.now() + 90_000;
  while (!/^Ready: /m.test(output)) {
    if (child.exitCode !== null) throw new Error(`the local runtime exited: ${output}`);
    if (Date.now() > deadline) throw new Error(`the local runtime did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  child.stdout!.resume();
  if (!existsSync(join(localDir, 'credentials.json'))) throw new Error('no credentials.json written');
  process.env.TEST_LOCAL_DIR = localDir;
  (globalThis as { __LOCAL_RUNTIME__?: unknown }).__LOCAL_RUNTIME__ = child;
  JSON.parse(readFileSync(join(localDir, 'credentials.json'), 'utf8'));
}
