import { startLocalRuntime } from './runtime';
import { stopAllWork } from '../../lib/store/deadline';
import { variable } from '../../lib/config/variables';

/** On SIGTERM/SIGINT, requests in flight get this long to be answered before their connections are cut. */
const GRACE_MS = 3_000;
/** Whatever happens, the process is gone this long after the first signal. */
const HARD_STOP_MS = 15_000;
/**
 * Signals this close to the first count as that one: a terminal's Ctrl-C reaches npm and this process
 * together, and npm passes its copy on, so one keypress arrives twice.
 */
const SAME_SIGNAL_MS = 1_000;

/**
 * `npm start`: the whole system on this machine. `npm start -- --in-memory` keeps no data on disk.
 * Environment: PORT (3000), LOCAL_DIR (.local), DYNAMODB_PORT (any free port), LOCAL_RATE_LIMIT_*.
 */
async function main() {
  const inMemory = process.argv.includes('--in-memory');
  const port = Number(variable('PORT'));
  const started = Date.now();
  const runtime = await startLocalRuntime({ port, localDir: variable('LOCAL_DIR') as string, inMemory });
  const { credentials: c } = runtime;

  let stoppingSince: number | undefined;
  const shutdown = async (code: number) => {
    // A second signal while stopping (a second Ctrl-C): leave at once (DynamoDB Local follows through its guard).
    if (stoppingSince !== undefined) {
      if (Date.now() - stoppingSince >= SAME_SIGNAL_MS) process.exit(code);
      return;
    }
    stoppingSince = Date.now();
    // Whatever still runs (a retry loop, a wait, a handler stuck on a dead socket) cannot keep the process.
    setTimeout(() => {
      console.error(`local runtime: not stopped after ${HARD_STOP_MS / 1000} s; exiting anyway`);
      process.exit(code || 1);
    }, HARD_STOP_MS).unref();
    // Retry loops and waits in lib/ end at their next check; requests in flight are answered (or cut after the grace).
    stopAllWork();
    await runtime.stop(GRACE_MS);
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  // Test harnesses hold our stdin: when they go away, so do we (and DynamoDB Local with us).
  if (process.argv.includes('--exit-with-stdin')) process.stdin.on('end', () => void shutdown(0)).resume();
  process.on('uncaughtException', (error) => {
    console.error('local runtime crashed:', error);
    void shutdown(1);
  });

  console.log(`Demo partner ${c.partner_id}\n  live key: ${c.live_key}\n  test key: ${c.test_key}`);
  console.log(`Other partner ${c.other_partner.partner_id} (for isolation checks); all in ${variable('LOCAL_DIR')}/credentials.json`);
  console.log(
    `Ready: ${c.base_url} in ${((Date.now() - started) / 1000).toFixed(1)} s (DynamoDB Local ${c.dynamodb_endpoint}, ${inMemory ? 'in memory' : `data in ${process.env.LOCAL_DIR}`})`,
  );
}

main().catch((error) => {
  console.error('npm start failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
