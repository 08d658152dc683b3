import { nowIso, realNow, withClock } from '../clock';
import { ApiError, invalidField } from '../errors';
import { randomBase62 } from '../ids';
import type { Scope } from '../scope';
import { tableName } from '../store/client';
import { WriteSet } from '../store/write-set';
import { commit } from '../event-log/commit';
import { type AuditAct, commitAudited } from '../audit/record';
import { BoundedRun } from '../event-log/bounded-run';
import {
  AdvanceGone,
  AdvanceRunning,
  addAdvanceEnd,
  addAdvanceStart,
  addAdvanceUndo,
  readSandboxClock,
  recordAdvanceProgress,
  type SandboxClockRecord,
} from '../store/entities/sandbox-clock';
import type { SandboxClock } from '../resources/sandbox-clock';
import { runDueInOrder } from '../jobs/run-due-in-order';
import { renderSandboxClock } from './render-clock';
import { sandboxTime } from './sandbox-time';
import { MAX_ADVANCE_DAYS } from './schemas';
import { queueAdvanceStep } from './step-queue';
import { logger } from '../observability/logger';

const DAY_MS = 86_400_000;

function advanceRunning(running: SandboxClockRecord | undefined): ApiError {
  const to = running?.advance_to;
  return new ApiError(
    'resource_already_exists',
    `The sandbox clock is advancing${to ? ` to ${to}` : ''}: one advance at a time.`,
    [
      {
        reason: 'an advance is running',
        location: '$.to',
        validation_type: 'state',
        how_to_fix:
          'Wait for the sandbox_clock.ready event (or GET /v1/sandbox/clock until status is ready), then advance again from where the clock stands.',
      },
    ],
    { 'Retry-After': '1' },
  );
}

/** `to` must lie in (now, now + 400 days]; said with a value to copy. */
function refuseTarget(from: Date, to: Date): void {
  const example = new Date(from.getTime() + 30 * DAY_MS).toISOString();
  // The API's schema reads `to` first; the dashboard's form sends what the browser had (maybe nothing).
  if (Number.isNaN(to.getTime()))
    throw invalidField(
      '$.to',
      'is not a time',
      `Send an RFC 3339 time after the clock's now (${from.toISOString()}), such as "to": "${example}" (30 days on).`,
      'format',
    );
  if (to.getTime() <= from.getTime())
    throw invalidField(
      '$.to',
      `is not later than the clock's now (${from.toISOString()})`,
      `Send a time after ${from.toISOString()}, such as "to": "${example}" (30 days on); the clock only moves forward.`,
      'minimum',
    );
  const latest = new Date(from.getTime() + MAX_ADVANCE_DAYS * DAY_MS);
  if (to.getTime() > latest.getTime())
    throw invalidField(
      '$.to',
      `is more than ${MAX_ADVANCE_DAYS} days after the clock's now (${from.toISOString()})`,
      `Send a time until ${latest.toISOString()}, such as "to": "${example}"; advance again from there to go further.`,
      'maximum',
    );
}

/**
 * POST /v1/sandbox/clock/advance: the clock becomes `advancing` to `to`, and the advance's first step
 * is queued; the steps then do everything due on the way (`runAdvanceStep`). The answer is sealed in
 * the transaction that starts the advance (Idempotency-Key). Refused: `to` not in (now, now + 400
 * days] (invalid_request), an advance running already (409, resource_already_exists).
 */
export async function startAdvance(
  scope: Scope,
  target: string,
  /** The clock as read for this request (lib/http/middleware/sandbox-clock.ts). */
  before: SandboxClockRecord | undefined,
  addAnswer: (ws: WriteSet, clock: SandboxClock) => void,
  /** The advance's audit entries, written in the transaction that starts it. */
  audit: (clock: SandboxClock) => AuditAct[] = () => [],
): Promise<SandboxClock> {
  if (before?.status === 'advancing') throw advanceRunning(before);
  const from = sandboxTime(before);
  const to = new Date(target);
  refuseTarget(from, to);
  const started = realNow().toISOString();
  const advanceId = randomBase62(16);
  const record: SandboxClockRecord = {
    now: from.toISOString(),
    status: 'advancing',
    advance_id: advanceId,
    advance_from: from.toISOString(),
    advance_to: to.toISOString(),
    advance_started_at: started,
    advance_stepped_at: started,
    advance_steps: 0,
  };
  const clock = renderSandboxClock(record);
  try {
    await commitAudited(scope, (ws) => {
      addAdvanceStart(ws, scope, record, before);
      addAnswer(ws, clock);
      return { value: undefined, acts: audit(clock) };
    });
  } catch (error) {
    if (error instanceof AdvanceRunning) throw advanceRunning(await readSandboxClock(scope));
    throw error;
  }
  try {
    await queueAdvanceStep({ partner_id: scope.partnerId, advance_id: advanceId, step: 1 });
  } catch (error) {
    // Nothing would run the advance: the clock goes back as it was, and the caller is told to retry.
    logger.error('the first step of an advance could not be queued; the advance is undone', { error: error as Error });
    const undo = new WriteSet(scope, tableName());
    addAdvanceUndo(undo, scope, advanceId, before);
    await commit(undo).catch(() => undefined);
    throw new ApiError('api_error', 'The advance could not be started; nothing changed. Retry the request.', undefined, {
      'Retry-After': '1',
    });
  }
  return clock;
}

/** What a step of an advance left: the advance `done`, `more` steps to run, or the advance `gone` (ended or replaced before). */
export type StepOutcome = 'done' | 'more' | 'gone';

/**
 * One step of an advance: everything due from where the clock stands up to the advance's target, in
 * time order (lib/jobs/run-due-in-order.ts), until `run` stops it; how far it came is recorded on the
 * clock. The last step moves the clock to the target and records `sandbox_clock.ready`, after every
 * other event of the advance, in the same transaction that makes the clock ready. A step run twice
 * (a message delivered again) or cut off and run again goes on from the clock's record: what it did
 * stands, each thing due is done once.
 */
export async function runAdvanceStep(scope: Scope, advanceId: string, run = BoundedRun.beforeDeadline()): Promise<StepOutcome> {
  const clock = await readSandboxClock(scope);
  if (clock?.status !== 'advancing' || clock.advance_id !== advanceId || !clock.advance_from || !clock.advance_to) return 'gone';
  const from = new Date(Math.max(Date.parse(clock.now), Date.parse(clock.advance_from)));
  const to = new Date(clock.advance_to);
  const progress = (reached: string) => recordAdvanceProgress(scope, advanceId, reached, realNow().toISOString());
  const walked = await runDueInOrder(scope, from, to, run, progress);
  if (!walked.complete) return (await progress(walked.reached)) ? 'more' : 'gone';
  return (await finishAdvance(scope, advanceId, to)) ? 'done' : 'gone';
}

/** The clock at the advance's target, ready, and `sandbox_clock.ready` (no company: the clock is the partner's). */
async function finishAdvance(scope: Scope, advanceId: string, to: Date): Promise<boolean> {
  return withClock(
    () => to,
    async () => {
      const ready = renderSandboxClock({ now: to.toISOString(), status: 'ready' }, to);
      const ws = new WriteSet(scope, tableName());
      addAdvanceEnd(ws, scope, advanceId, to.toISOString(), realNow().toISOString());
      ws.recordEvent({ type: 'sandbox_clock.ready', resource: ready, timestamp: nowIso() });
      try {
        await commit(ws);
        return true;
      } catch (error) {
        if (error instanceof AdvanceGone) return false;
        throw error;
      }
    },
  );
}
