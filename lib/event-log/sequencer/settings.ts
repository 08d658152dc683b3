/**
 * The numbers of the event sequencer (docs/decisions.md, "The event log"; docs/capacity.md). Read
 * from the environment on every call, so a test can shrink the waits; the defaults are production's.
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

function positive(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) && n > 0 ? n : fallback;
}

export function sequencerSettings(): SequencerSettings {
  const env = process.env;
  const waitMs = positive(env.EVENT_WAIT_MS, 10_000);
  const leaseMs = positive(env.EVENT_SEQUENCER_LEASE_MS, 5_000);
  return {
    pendingShards: Math.max(1, Math.floor(positive(env.EVENT_PENDING_SHARDS, 4))),
    leaseMs,
    waitMs,
    contendedMs: positive(env.EVENT_CONTENDED_MS, 2_000),
    lingerMs: positive(env.EVENT_DRAIN_LINGER_MS, 200),
    backstopAfterMs: positive(env.EVENT_BACKSTOP_AFTER_MS, waitMs + leaseMs),
  };
}
