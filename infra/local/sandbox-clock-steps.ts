import { handler as advanceStep } from '../../functions/sandbox-clock/advance-step';
import { resetAdvanceStepClient } from '../../lib/sandbox-clock/step-queue';
import { startFifoLaneShards, type FifoLanes } from './fifo-lanes';

/** A step's Lambda timeout in AWS (infra/aws: the advance-step function), handed to the handler as its time. */
export const ADVANCE_STEP_TIMEOUT_MS = 900_000;

/**
 * The embedded default's queue of the sandbox clock's steps, wired as in AWS: the SQS stand-in (one
 * FIFO queue, one message group per partner) → the advance-step handler (functions/sandbox-clock/advance-step.ts),
 * one batch of one message at a time per partner. Only the queue URL differs from the deployed stack.
 */
export async function startLocalSandboxClockSteps(): Promise<FifoLanes> {
  const queue = await startFifoLaneShards({
    queueNames: ['sandbox-clock-steps.fifo'],
    delayMs: 0,
    visibilityTimeoutSeconds: ADVANCE_STEP_TIMEOUT_MS / 1000 + 60,
    concurrency: 4,
    handler: advanceStep,
    invocationTimeoutMs: Number(process.env.SANDBOX_CLOCK_STEP_MS ?? ADVANCE_STEP_TIMEOUT_MS),
  });
  process.env.SANDBOX_CLOCK_QUEUE_URL = queue.queueUrl;
  return {
    ...queue,
    stop: async (graceMs?: number) => {
      await queue.stop(graceMs);
      resetAdvanceStepClient();
    },
  };
}
