import { tableName } from '../client';
import { defineEntity } from '../entity';
import { allOf, atMost, equals, itemAbsent } from '../expression';
import { getItem, type ReadBatch } from '../read-batch';
import { sandboxClockKey } from '../keys';
import { updateItem } from '../single-item';
import type { Scope } from '../../scope';
import type { WriteSet } from '../write-set';

/**
 * A partner's sandbox clock as stored (docs/decisions.md, "The sandbox clock"). No item: the clock was
 * never moved and reads real time. `now` is the test mode's time when the clock was last moved (the
 * target of the last advance, or how far the running advance has come); a ready clock runs on from
 * it in real time since `set_at`, and never reads earlier than real time. While an advance runs, the `advance_…` fields say which and how far it goes.
 */
export interface SandboxClockRecord {
  now: string;
  status: 'ready' | 'advancing';
  /** Real time when a ready clock was moved to `now`: it runs on from there (lib/sandbox-clock/sandbox-time.ts). */
  set_at?: string;
  advance_id?: string;
  /** The test mode's time when the advance began: work due before it was due already. */
  advance_from?: string;
  advance_to?: string;
  /** Real time of the advance's start and of its last step (how long it takes; a stalled one). */
  advance_started_at?: string;
  advance_stepped_at?: string;
  advance_steps?: number;
}

/** The fields of a running advance, removed when it ends. */
const ADVANCE_FIELDS = ['advance_id', 'advance_from', 'advance_to', 'advance_started_at', 'advance_stepped_at', 'advance_steps'];

export const sandboxClockEntity = defineEntity<SandboxClockRecord>({
  name: 'sandbox_clock',
  key: (scope) => sandboxClockKey(scope),
});

/** The clock's item as it stands (strongly consistent: a request must not stamp a time the clock has left). */
export async function readSandboxClock(scope: Scope, batch?: ReadBatch): Promise<SandboxClockRecord | undefined> {
  const item = await getItem(tableName(), sandboxClockKey(scope), { batch, consistent: true });
  return item ? sandboxClockEntity.record(item) : undefined;
}

/** An advance is running already, or ran meanwhile: one at a time per sandbox. */
export class AdvanceRunning extends Error {
  constructor() {
    super('the sandbox clock is advancing already');
  }
}

/**
 * Adds the start of an advance: the clock becomes `advancing`, if it still stands as `before` was
 * read (no item; or ready at the same time). Else an advance runs, or ran meanwhile: AdvanceRunning.
 */
export function addAdvanceStart(ws: WriteSet, scope: Scope, record: SandboxClockRecord, before: SandboxClockRecord | undefined): void {
  ws.put(sandboxClockEntity.item(scope, record), {
    condition: before ? allOf(equals('status', 'ready'), equals('now', before.now)) : itemAbsent(),
    onFailed: () => new AdvanceRunning(),
  });
}

/** The advance that ran (or was replaced) before this write: the write does nothing. */
export class AdvanceGone extends Error {
  constructor(readonly advanceId: string) {
    super(`advance ${advanceId} is not running`);
  }
}

const runningAdvance = (advanceId: string) => allOf(equals('status', 'advancing'), equals('advance_id', advanceId));

/**
 * Records how far the advance has come: the clock reads `reached` from now on. Only forward: a step
 * that had stopped earlier and is run again never moves the clock back. False: the advance is not running.
 */
export async function recordAdvanceProgress(scope: Scope, advanceId: string, reached: string, steppedAt: string): Promise<boolean> {
  const done = await updateItem(
    sandboxClockKey(scope),
    { set: { now: reached, advance_stepped_at: steppedAt }, add: { advance_steps: 1 } },
    allOf(runningAdvance(advanceId), atMost('now', reached)),
  );
  return done !== undefined;
}

/**
 * Adds the end of an advance: the clock reads `to` at real time `setAt` and runs on from there, ready
 * again; only the advance that runs ends.
 */
export function addAdvanceEnd(ws: WriteSet, scope: Scope, advanceId: string, to: string, setAt: string): void {
  ws.update(
    sandboxClockKey(scope),
    { set: { now: to, status: 'ready', set_at: setAt }, remove: ADVANCE_FIELDS },
    { condition: runningAdvance(advanceId), onFailed: () => new AdvanceGone(advanceId) },
  );
}

/** Puts back the clock as it was before an advance that could not be started (its first step could not be queued). */
export function addAdvanceUndo(ws: WriteSet, scope: Scope, advanceId: string, before: SandboxClockRecord | undefined): void {
  const guard = { condition: runningAdvance(advanceId), onFailed: () => new AdvanceGone(advanceId) };
  if (before) ws.put(sandboxClockEntity.item(scope, before), guard);
  else ws.delete(sandboxClockKey(scope), guard);
}
