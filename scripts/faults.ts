import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crashDuringCreates } from '../proof/faults';
import { dynamodbFaultRounds } from '../proof/faults-dynamodb';
import { runDeliveryFaults } from '../proof/faults-delivery';
import { freePort } from '../infra/local/dynamodb-local';

/**
 * `npm run faults [-- --rounds 3 --workers 8 --dynamodb-seconds 30 --kills 3 --delivery-workers 4]`:
 * kill the runtime mid-creates, restart, prove nothing is lost; then DynamoDB faults; then kill it
 * mid-deliveries and stop the webhook receivers for a simulated day.
 */
async function main() {
  const arg = (name: string, fallback: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return Number(i > 0 ? process.argv[i + 1] : fallback);
  };
  let failed = false;
  for (let round = 1; round <= arg('rounds', '3'); round++) {
    const report = await crashDuringCreates({ localDir: mkdtempSync(join(tmpdir(), 'partner-api-faults-')), port: await freePort(), workers: arg('workers', '8'), killAfterMs: 1000 + round * 700 });
    console.log(`round ${round}: ${report.acknowledged} acknowledged creates, ${report.inFlightAtKill} in flight at SIGKILL (${report.retriedAfterRestart} retried with their Idempotency-Key); lost ${report.lost.length}, duplicated company.created ${report.duplicatedEvents.length}, half-written ${report.halfWritten.length}`);
    failed ||= report.lost.length + report.duplicatedEvents.length + report.halfWritten.length > 0;
  }
  // DynamoDB throttling and transaction conflicts, injected by a proxy (proof/faults-dynamodb.ts).
  failed = (await dynamodbFaultRounds({ workers: arg('workers', '8'), seconds: arg('dynamodb-seconds', '30'), localDir: () => mkdtempSync(join(tmpdir(), 'partner-api-faults-dynamodb-')) })) || failed;
  // Webhook deliveries: SIGKILLs mid-delivery, then the receivers down for a simulated day (proof/faults-delivery.ts).
  failed = (await runDeliveryFaults({ localDir: () => mkdtempSync(join(tmpdir(), 'partner-api-faults-')), port: freePort, kills: arg('kills', '3'), workers: arg('delivery-workers', '4') })) > 0 || failed;
  process.exitCode = failed ? 1 : 0;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
