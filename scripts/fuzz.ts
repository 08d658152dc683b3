import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalRuntime } from '../infra/local/runtime';
import { freePort } from '../infra/local/dynamodb-local';
import { fuzzRoutes } from '../proof/fuzz';
import { recordProofRun } from '../proof/record';
import { ROUTES } from '../lib/routes';

/** `npm run fuzz [-- --runs 50 --seed N]`: every route of the route table, on a throwaway local stack. */
async function main() {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  process.env.LOG_LEVEL ??= 'ERROR';
  process.env.LOCAL_RATE_LIMIT_BURST = '100000';
  process.env.LOCAL_RATE_LIMIT_SUSTAINED = '10000000';
  const runtime = await startLocalRuntime({ port: await freePort(), localDir: mkdtempSync(join(tmpdir(), 'partner-api-fuzz-')), inMemory: true });
  try {
    const seed = Number(arg('seed') ?? Date.now() % 2 ** 31);
    const report = await fuzzRoutes({ origin: new URL(runtime.credentials.base_url).origin, key: runtime.credentials.test_key, runsPerRoute: Number(arg('runs') ?? 50), seed });
    const summary = `seed ${seed}: ${report.requests} requests over ${ROUTES.length} routes (${arg('runs') ?? 50} properties each); ${report.serverErrors.length} 5xx; ${report.badEnvelopes.length} malformed error bodies; ${report.stateChanges.length} routes changed state while refusing`;
    console.log(summary);
    recordProofRun('fuzz', `npm run fuzz ${process.argv.slice(2).join(' ')}`.trim(), `${summary}.`);
    for (const line of [...report.serverErrors, ...report.badEnvelopes].slice(0, 20)) console.log(JSON.stringify(line));
    for (const route of report.stateChanges) console.log('state changed:', route);
    process.exitCode = report.serverErrors.length + report.badEnvelopes.length + report.stateChanges.length > 0 ? 1 : 0;
  } finally {
    await runtime.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
