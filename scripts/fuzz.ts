import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalRuntime } from '../infra/local/runtime';
import { freePort } from '../infra/local/dynamodb-local';
import { createSession } from '../lib/dashboard/session';
import { figuresTable, fuzzRoutes } from '../proof/fuzz';
import { recordProofRun } from '../bench/proof-runs';
import { ROUTES } from '../lib/routes';

/** `npm run fuzz [-- --runs 50 --seed N]`: every route of the route table, every class, on a throwaway local stack. */
async function main() {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  process.env.LOG_LEVEL ??= 'ERROR';
  process.env.LOCAL_RATE_LIMIT_BURST = '100000';
  process.env.LOCAL_RATE_LIMIT_SUSTAINED = '10000000';
  // Every probe comes from 127.0.0.1: the signed-out routes' limit per address would answer 429 before the body is read.
  process.env.SIGNED_OUT_RATE_LIMIT = '100000,10000000';
  const runtime = await startLocalRuntime({
    port: await freePort(),
    localDir: mkdtempSync(join(tmpdir(), 'partner-api-fuzz-')),
    inMemory: true,
  });
  try {
    const seed = Number(arg('seed') ?? Date.now() % 2 ** 31);
    const runs = Number(arg('runs') ?? 50);
    const started = Date.now();
    const report = await fuzzRoutes({
      origin: new URL(runtime.credentials.base_url).origin,
      key: runtime.credentials.test_key,
      runsPerRoute: runs,
      seed,
      // The demo partner's owner, signed in afresh for each dashboard route (a route may sign out).
      dashboardSession: async () => {
        const { token, session } = await createSession({ partnerId: runtime.credentials.partner_id, email: 'owner@demo-partner.test' });
        return { token, csrf: session.csrf_token };
      },
    });
    // The gateway and every handler ran in this process: a polluted Object.prototype would show here.
    const polluted = Object.keys(Object.prototype).length + ('polluted' in {} ? 1 : 0);
    const minutes = ((Date.now() - started) / 60_000).toFixed(1);
    const summary = `seed ${seed}: ${report.requests} requests over ${ROUTES.length} routes (API, dashboard, keyless pages; ${runs} random properties each, then every other class) in ${minutes} min; ${report.serverErrors.length} 5xx; ${report.badEnvelopes.length} malformed error answers; ${report.stateChanges.length} state changes after a refusal; ${report.metadataLost.length} metadata answers not verbatim (${report.metadataKept} verbatim); ${report.oversizeErrors.length} error answers over 256 KB or 20 errors; Object.prototype ${polluted ? 'POLLUTED' : 'untouched'}`;
    const table = figuresTable(report);
    console.log(`${summary}\n\n${table}`);
    recordProofRun('fuzz', `npm run fuzz ${process.argv.slice(2).join(' ')}`.trim(), `${summary}.\n\n${table}`);
    for (const line of [...report.serverErrors, ...report.badEnvelopes, ...report.metadataLost, ...report.oversizeErrors].slice(0, 20))
      console.log(JSON.stringify(line));
    for (const route of report.stateChanges) console.log('state changed:', route);
    process.exitCode =
      report.serverErrors.length +
        report.badEnvelopes.length +
        report.stateChanges.length +
        report.metadataLost.length +
        report.oversizeErrors.length +
        polluted >
      0
        ? 1
        : 0;
  } finally {
    await runtime.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
