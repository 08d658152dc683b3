import { setTimeout as sleep } from 'node:timers/promises';
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { now } from '../../../lib/clock';
import { logger } from '../../../lib/observability/logger';
import type { Message } from './message';
import { lambdaContext, sqsRecord } from './lambda-records';
import type { QueuedMessages } from './queued-messages';

/** How often the pump looks for due messages when nothing asks it to. */
const IDLE_POLL_MS = 250;

/**
 * Lambda's side of a FIFO event source mapping: the due batches handed to the handler, at most
 * `concurrency` at once; its `batchItemFailures` stay on the queue, the rest is deleted; a handler that
 * throws leaves the whole batch for its visibility timeout.
 */
export class BatchPump {
  private running = 0;
  private stopped = false;
  private timer?: NodeJS.Timeout;
  private timerDue = Infinity;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly queue: QueuedMessages,
    private readonly options: {
      queueName: string;
      concurrency: number;
      visibilityTimeoutSeconds: number;
      invocationTimeoutMs?: number;
      handler: (event: SQSEvent, context: Context) => Promise<SQSBatchResponse>;
      /** Deletes the messages the handler settled. */
      settled: (handles: string[]) => void;
    },
  ) {}

  /** Look for due messages within `delayMs` (never later than already due; at least every 250 ms). */
  schedule(delayMs = 0): void {
    if (this.stopped) return;
    const due = Date.now() + Math.max(0, Math.min(delayMs, IDLE_POLL_MS));
    if (this.timer && this.timerDue <= due) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerDue = due;
    this.timer = setTimeout(() => this.pump(), Math.max(0, due - Date.now()));
  }

  /** Batches being handled now. */
  busy(): number {
    return this.running;
  }

  /** Hands out nothing more; waits for the batches in flight (at most `graceMs` when given). */
  async stop(graceMs?: number): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    // Batches left after the grace are unacknowledged: they come again after a restart.
    const finished = Promise.allSettled([...this.inFlight]);
    await (graceMs === undefined ? finished : Promise.race([finished, sleep(graceMs, undefined, { ref: false })]));
  }

  private pump(): void {
    this.timer = undefined;
    this.timerDue = Infinity;
    if (this.stopped) return;
    const t = now().getTime();
    for (const batch of this.queue.dueBatches(t, this.options.concurrency - this.running)) this.launch(batch, t);
    this.schedule(IDLE_POLL_MS);
  }

  private launch(batch: Message[], t: number): void {
    this.running++;
    // Receipt state is kept in memory only: after a restart, in-flight messages are visible at once.
    this.queue.receive(batch, t, this.options.visibilityTimeoutSeconds * 1000);
    const work = (async () => {
      try {
        const response = await this.options.handler(
          { Records: batch.map((m) => sqsRecord(m, this.options.queueName)) },
          lambdaContext(this.options.invocationTimeoutMs ?? 900_000),
        );
        const failed = new Set((response?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
        this.options.settled(batch.filter((m) => !failed.has(m.message_id) && m.receipt_handle).map((m) => m.receipt_handle!));
      } catch (error) {
        logger.error('local FIFO lanes: the handler failed', { error: error as Error });
      } finally {
        this.running--;
        this.schedule(0);
      }
    })();
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }
}
