import { UpdateCommand } from '../../store/dynamodb';
import { db } from '../../store/client';
import { eventSequencerLeaseKey } from '../../store/keys';
import type { Scope } from '../../scope';
import type { WriteEntry } from '../../store/write-set';
import { randomBase62 } from '../../ids';
import { isTransientStoreError } from '../../store/transient';
import { isConditionFailed } from '../../store/condition-failed';
import { machineMs } from '../../clock';
import { defineEntity } from '../../store/entity';
import { anyOf, renderExpressions } from '../../store/expression';

/** The lease item of a partner+mode's log: who drains it, until when (epoch ms). */
interface LeaseRecord {
  holder?: string;
  expires_at?: number;
}

const leaseEntity = defineEntity<LeaseRecord, { entity: string }>({
  name: 'event_sequencer_lease',
  key: (scope) => eventSequencerLeaseKey(scope),
});
const lease = leaseEntity.where;

/**
 * One drain at a time per partner+mode: a lease item (`holder`, `expires_at`) taken with a
 * conditional update. Every drain transaction carries `fence()`, which renews the lease on condition
 * that it is still ours: a drain that lost it (it stalled past `expires_at` and another took over)
 * cannot commit anything. Times are the hosts' own clocks (epoch ms): a skew between hosts only moves
 * when an abandoned lease may be taken over.
 *
 * Released "clean" (no holder) only after a drain found nothing pending; otherwise it is left
 * expired but with its holder, which the fast path reads as "events are pending here": writes go
 * pending too and never overtake events committed before them (lib/event-log/commit.ts).
 */
export class Lease {
  readonly token = randomBase62(16);

  constructor(
    private readonly scope: Scope,
    private readonly table: string,
    private readonly leaseMs: number,
  ) {}

  /** True when this lease now holds the log (it was free, released, or expired). */
  async acquire(): Promise<boolean> {
    const at = machineMs();
    try {
      await db().send(
        new UpdateCommand({
          TableName: this.table,
          Key: eventSequencerLeaseKey(this.scope),
          ...renderExpressions(
            leaseEntity.update({ set: { holder: this.token, expires_at: at + this.leaseMs, entity: leaseEntity.name } }),
            [anyOf(lease.lacks('holder'), lease.lessThan('expires_at', at))],
          ),
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailed(error) || isTransientStoreError(error)) return false;
      throw error;
    }
  }

  /** The transaction item that renews the lease and fails the transaction if it is no longer ours. */
  fence(): WriteEntry {
    return {
      item: {
        Update: {
          TableName: this.table,
          Key: eventSequencerLeaseKey(this.scope),
          ...(renderExpressions(leaseEntity.update({ set: { expires_at: machineMs() + this.leaseMs } }), [
            lease.equals('holder', this.token),
          ]) as {
            UpdateExpression: string;
          }),
        },
      },
      onFailed: () => new LeaseLost(),
    };
  }

  /**
   * Gives the lease up: `clean` when nothing was pending at the last look (the fast path may resume),
   * else expired in place, so the next writer or the backstop takes over at once. Best effort: a
   * lease we cannot release simply expires.
   */
  async release(clean: boolean): Promise<void> {
    try {
      await db().send(
        new UpdateCommand({
          TableName: this.table,
          Key: eventSequencerLeaseKey(this.scope),
          ...renderExpressions(leaseEntity.update(clean ? { remove: ['holder', 'expires_at'] } : { set: { expires_at: 0 } }), [
            lease.equals('holder', this.token),
          ]),
        }),
      );
    } catch {
      // Lost already, or DynamoDB refused: the lease runs out by itself.
    }
  }
}

/** Another drain holds the log now (ours expired); this drain stops. */
export class LeaseLost extends Error {
  constructor() {
    super('the sequencer lease was taken over');
  }
}
