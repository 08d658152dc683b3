import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalRuntime } from '../infra/local/runtime';
import { freePort } from '../infra/local/dynamodb-local';
import { issueApiKey } from '../lib/auth/api-key';
import { resetDbClient } from '../lib/store/client';
import { rateLimitIsolation, renderLoad, runLoad } from '../proof/load';
import { recordProofRun } from '../bench/proof-runs';
import { burstLevels, burstVerdict, renderBurst, runBurstLevel, warmUp, type BurstResult } from '../proof/burst';

/**
 * `npm run load [-- --seconds 5 --steps 1,4,16,32]`: a throwaway local stack (in memory), the traffic
 * mix at each step, and the per-key rate-limit check. Stops by itself.
 * `npm run load -- --one-partner [--seconds 10 --steps 1,4,16,48]`: a partner's burst of creates on one
 * partner+mode at each step, then 16 writers spread over four streams (proof/burst.ts).
 */
async function main() {
  const arg = (name: string, fallback: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : fallback;
  };
  process.env.LOG_LEVEL ??= 'ERROR';
  process.env.LOCAL_RATE_LIMIT_BURST = '100000';
  process.env.LOCAL_RATE_LIMIT_SUSTAINED = '10000000';
  const runtime = await startLocalRuntime({
    port: await freePort(),
    localDir: mkdtempSync(join(tmpdir(), 'partner-api-load-')),
    inMemory: true,
  });
  try {
    const c = runtime.credentials;
    if (process.argv.includes('--one-partner')) {
      const seconds = Number(arg('seconds', '10'));
      const levels = burstLevels(
        c.test_key,
        [c.test_key, c.live_key, c.other_partner.test_key, c.other_partner.live_key],
        arg('steps', '1,4,16,48').split(',').map(Number),
      );
      const results: BurstResult[] = [];
      await warmUp(c.base_url, levels[levels.length - 1].keys);
      for (const level of levels) {
        results.push(await runBurstLevel(c.base_url, level, seconds));
        console.log(renderBurst(results).split('\n').slice(-3, -2)[0]);
      }
      const table = renderBurst(results);
      console.log(`\n${table}`);
      recordProofRun(
        'load-one-partner',
        `npm run load ${process.argv.slice(2).join(' ')}`.trim(),
        `Company creates, each with its own Idempotency-Key, rate limits lifted, ${seconds} s a level.\n\n${table}`,
      );
      process.exitCode = burstVerdict(results).met ? 0 : 1;
      return;
    }
    const results = await runLoad({
      baseUrl: c.base_url,
      keys: [c.test_key, c.live_key, c.other_partner.test_key, c.other_partner.live_key],
      concurrency: arg('steps', '1,4,16,32').split(',').map(Number),
      secondsPerStep: Number(arg('seconds', '5')),
    });
    const table = renderLoad(results);
    console.log(table);
    const limited = await issueApiKey({ partnerId: c.partner_id, mode: 'test', rateLimit: { burst: 10, sustained: 1000 } });
    const neighbour = await issueApiKey({ partnerId: c.partner_id, mode: 'test', rateLimit: { burst: 10, sustained: 1000 } });
    const isolation = await rateLimitIsolation(c.base_url, limited.secret, neighbour.secret, 10);
    const limits = `rate limits per key: limited key refused ${isolation.limitedRefused}/${isolation.limitedSent}; neighbour key refused ${isolation.neighbourRefused}`;
    console.log(`\n${limits}`);
    const requests = results.reduce((n, r) => n + r.requests, 0);
    const errors = results.reduce((n, r) => n + r.errors, 0);
    recordProofRun(
      'load',
      `npm run load ${process.argv.slice(2).join(' ')}`.trim(),
      `${requests} requests tried (creates, reads, event sweeps across 4 keys of 2 partners), ${errors} errors.\n\n${table}\n\n${limits}.`,
    );
    process.exitCode = results.some((r) => r.errors > 0) || isolation.neighbourRefused > 0 || isolation.limitedRefused === 0 ? 1 : 0;
  } finally {
    resetDbClient();
    await runtime.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
