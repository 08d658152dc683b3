import { setClock } from '../lib/clock';
import { startLocalRuntime } from '../infra/local/runtime';
import { createSession } from '../lib/dashboard/session';

/**
 * The embedded default (in memory) with lib/clock injected, for proofs that need days to pass in
 * seconds (proof/faults-delivery-outage.ts). The clock runs with real time plus an offset that the
 * parent moves forward over IPC (`{advanceMs}`; the answer is `{nowMs}`; `{session}` answers a fresh
 * dashboard session), so holds and timeouts
 * behave as usual between jumps. Everything else — the API, the dashboard, the stream poller, the
 * FIFO stand-in, the signer, the outbox — is the runtime `npm start` runs, reading time from lib/clock.
 * Environment: PORT, LOCAL_DIR. Exits when its parent goes away.
 */
let offsetMs = 0;
setClock(() => new Date(Date.now() + offsetMs));

async function main() {
  const runtime = await startLocalRuntime({ port: Number(process.env.PORT), localDir: process.env.LOCAL_DIR!, inMemory: true });
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    await runtime.stop();
    process.exit(0);
  };
  // A jump waits for the lanes to be idle: a batch in flight across a jump would outlive its
  // visibility timeout (16 min), which a Lambda (15 min at most) never does, and its group would be
  // handed out twice.
  const lanes = runtime.webhookLanes;
  let jumps = Promise.resolve();
  process.on('message', (m: { advanceMs?: number; session?: true }) => {
    // A fresh dashboard session of the seeded owner: a simulated day outlives any session (they last
    // an idle hour on the runtime's clock), so the parent asks for one before each read.
    if (m.session) {
      void createSession({ partnerId: runtime.credentials.partner_id, email: 'owner@demo-partner.test' }).then(({ token }) =>
        process.send?.({ session: token }),
      );
      return;
    }
    jumps = jumps.then(async () => {
      for (let i = 0; i < 600 && lanes.busy() > 0; i++) await new Promise((r) => setTimeout(r, 100));
      if (typeof m.advanceMs === 'number' && m.advanceMs > 0) offsetMs += m.advanceMs;
      lanes.poke();
      process.send?.({ nowMs: Date.now() + offsetMs });
    });
  });
  process.on('disconnect', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
  process.stdin.on('end', () => void shutdown()).resume();
  console.log(`Ready: ${runtime.credentials.base_url}`);
}

main().catch((error) => {
  console.error('clocked runtime failed:', error);
  process.exit(1);
});
