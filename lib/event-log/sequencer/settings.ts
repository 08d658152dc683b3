import { variable } from '../../config/variables';

/**
 * The numbers of the event sequencer (docs/decisions.md, "The event log"; docs/capacity.md). Read
 * from the environment on every call, so a test can shrink the waits; the values when unset are
 * production's (lib/config/variables.ts).
 */
export interface SequencerSettings {
  /**
   * Partitions of pending events per partner+mode (`EVPEND#<partner>#<mode>#<shard>`). Every drain
   * reads all of them, so the number may grow but never shrink while events are pending.
   */
  pendingShards: number;
  /** How long a drain's lease lasts without renewal (every drain transaction renews it). */
  leaseMs: number;
  /** The longest a writer waits for its own pending events to be sequenced before answering anyway. */
  waitMs: number;
  /** After a lost sequence race, this process sends the partner+mode's writes straight to pending. */
  contendedMs: number;
  /** A drain whose own writers are all answered keeps draining what is still pending this long. */
  lingerMs: number;
  /**
   * The backstop (a stream consumer of pending inserts) acts on pending events older than this:
   * every writer has stopped waiting for them by then, and a crashed drain's lease has run out.
   */
  backstopAfterMs: number;
}

const number = (name: Parameters<typeof variable>[0]) => Number(variable(name));

export function sequencerSettings(): SequencerSettings {
  const waitMs = number('EVENT_WAIT_MS');
  const leaseMs = number('EVENT_SEQUENCER_LEASE_MS');
  return {
    pendingShards: Math.max(1, Math.floor(number('EVENT_PENDING_SHARDS'))),
    leaseMs,
    waitMs,
    contendedMs: number('EVENT_CONTENDED_MS'),
    lingerMs: number('EVENT_DRAIN_LINGER_MS'),
    backstopAfterMs: variable('EVENT_BACKSTOP_AFTER_MS') ? number('EVENT_BACKSTOP_AFTER_MS') : waitMs + leaseMs,
  };
}
