import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { withDeadline } from '../store/deadline';
import { logger } from '../observability/logger';
import { runAdvanceStep } from './advance-clock';
import { queueAdvanceStep, type AdvanceStep } from './step-queue';
import { machineMs } from '../clock';

/** Kept back from the function's remaining time: the last transaction, the progress write and the next step's message. */
const STEP_MARGIN_MS = 20_000;
/** Without a Lambda context (a script): this long per step. */
const STEP_BUDGET_MS = 60_000;

/**
 * The advance's worker (functions/sandbox-clock/advance-step.ts): each message is one step of one
 * advance, run until the function's time nearly runs out; a step that did not finish queues the next
 * before its own message is deleted, so the advance goes on in a fresh invocation, never one racing its
 * timeout. A step that fails (or is cut off) is not acknowledged: the queue hands it out again after
 * its visibility timeout and it goes on from what the clock recorded.
 */
export async function handleAdvanceSteps(event: SQSEvent, context?: Context): Promise<SQSBatchResponse> {
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    let step: AdvanceStep | undefined;
    try {
      const current = JSON.parse(record.body) as AdvanceStep;
      step = current;
      const deadline = machineMs() + (context?.getRemainingTimeInMillis?.() ?? STEP_BUDGET_MS) - STEP_MARGIN_MS;
      const outcome = await withDeadline(deadline, () =>
        runAdvanceStep({ partnerId: current.partner_id, mode: 'test' }, current.advance_id),
      );
      logger.info('sandbox clock step', { partner_id: current.partner_id, advance_id: current.advance_id, step: current.step, outcome });
      if (outcome === 'more') await queueAdvanceStep({ ...current, step: current.step + 1 });
    } catch (error) {
      // Which sandbox and advance: what on-call looks up (docs/runbooks/sandbox-clock-step-dlq.md).
      logger.error('sandbox clock step failed; it runs again', {
        partner_id: step?.partner_id,
        advance_id: step?.advance_id,
        step: step?.step,
        error: error as Error,
      });
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
}
