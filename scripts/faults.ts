import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crashDuringCreates } from '../proof/faults';
import { dynamodbFaultRounds } from '../proof/faults-dynamodb';
import { runDeliveryFaults } from '../proof/faults-delivery';
import { freePort } from '../infra/local/dynamodb-local';
import { recordProofRun } from '../bench/proof-runs';

/**
 * `npm run faults [-- --rounds 3 --workers 8 --burst 16 --dynamodb-seconds 30 --kills 3 --delivery-workers 4]`:
 * kill the runtime mid-creates, restart, prove nothing is lost; then DynamoDB faults; then kill it
 * mid-deliveries and stop the webhook receivers for a simulated day. `--only creates|dynamodb|deliveries`
 * runs one kind. Each kind records its figures in bench/proof/.
 */
async function main() {
  const arg = (name: string, fallback: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return Number(i > 0 ? process.argv[i + 1] : fallback);
  };
  const onlyAt = process.argv.indexOf('--only');
  const only = onlyAt > 0 ? process.argv[onlyAt + 1] : undefined;
  const runs = (kind: string) => !only || only === kind;
  let failed = false;
  if (runs('creates')) {
    const lines: string[] = [];
    for (let round = 1; round <= arg('rounds', '3'); round++) {
      const report = await crashDuringCreates({
        localDir: mkdtempSync(join(tmpdir(), 'partner-api-faults-')),
        port: await freePort(),
        workers: arg('workers', '8'),
        killAfterMs: 1000 + round * 700,
      });
      const line = `round ${round}: ${report.acknowledged} acknowledged creates, ${report.inFlightAtKill} in flight at SIGKILL (${report.retriedAfterRestart} answered when retried with their Idempotency-Key); lost ${report.lost.length}, duplicated company.created ${report.duplicatedEvents.length}, company.created missing ${report.missingEvents.length}, half-written ${report.halfWritten.length}`;
      console.log(line);
      lines.push(`- ${line}`);
      failed ||= report.lost.length + report.duplicatedEvents.length + report.missingEvents.length + report.halfWritten.length > 0;
    }
    recordProofRun(
      'faults-creates',
      'npm run faults (SIGKILL mid-creates)',
      `The runtime killed with SIGKILL while ${arg('workers', '8')} clients create companies, then restarted on the same data; every company checked whole.\n\n${lines.join('\n')}`,
    );
  }
  // DynamoDB throttling and transaction conflicts, injected by a proxy (proof/faults-dynamodb.ts).
  if (runs('dynamodb'))
    failed =
      (await dynamodbFaultRounds({
        workers: arg('workers', '8'),
        burst: arg('burst', '16'),
        seconds: arg('dynamodb-seconds', '30'),
        localDir: () => mkdtempSync(join(tmpdir(), 'partner-api-faults-dynamodb-')),
      })) || failed;
  // Webhook deliveries: SIGKILLs mid-delivery, then the receivers down for a simulated day (proof/faults-delivery.ts).
  if (runs('deliveries'))
    failed =
      (await runDeliveryFaults({
        localDir: () => mkdtempSync(join(tmpdir(), 'partner-api-faults-')),
        port: freePort,
        kills: arg('kills', '3'),
        workers: arg('delivery-workers', '4'),
      })) > 0 || failed;
  process.exitCode = failed ? 1 : 0;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
