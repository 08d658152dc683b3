import { createHash, randomUUID } from 'node:crypto';
import { DEDUP_WINDOW_MS, MAX_BATCH, type Message, QueueError } from './message';

/** What SQS answers a send with. */
export interface SendResult {
  MessageId: string;
  MD5OfMessageBody: string;
  SequenceNumber: string;
}

/**
 * The queue itself, in memory: each group's messages in send order, the receipt handles of messages
 * handed out, and the deduplication window. It decides (what is due, what a receipt names) and
 * stores nothing; `StoredMessages` writes what changes through to DynamoDB Local.
 */
export class QueuedMessages {
  private readonly groups = new Map<string, Message[]>();
  private readonly byHandle = new Map<string, Message>();
  private readonly dedup = new Map<string, number>();
  private lastSequence = 0;

  constructor(private readonly delayMs: number) {}

  /** Messages read back after a restart: queued again in their groups, their dedup ids remembered. */
  restore(stored: Message[]): void {
    for (const m of [...stored].sort((a, b) => a.sequence.localeCompare(b.sequence))) {
      this.append(m);
      if (m.receipt_handle) this.byHandle.set(m.receipt_handle, m);
      this.lastSequence = Math.max(this.lastSequence, Number(m.sequence));
      this.dedup.set(m.dedup_id, Math.max(this.dedup.get(m.dedup_id) ?? 0, m.sent_at + DEDUP_WINDOW_MS));
    }
  }

  /**
   * Queues one message at `t` (after the queue's delay), or none when its deduplication id was sent
   * within the window: the answer is then SQS's for a duplicate.
   */
  send(
    entry: { MessageBody: string; MessageGroupId?: string; MessageDeduplicationId?: string },
    t: number,
  ): { result: SendResult; queued?: Message } {
    if (!entry.MessageGroupId) throw new QueueError('MissingParameter', 'MessageGroupId is required on a FIFO queue');
    const dedupId = entry.MessageDeduplicationId ?? createHash('sha256').update(entry.MessageBody).digest('hex');
    const md5 = createHash('md5').update(entry.MessageBody).digest('hex');
    const seen = this.dedup.get(dedupId);
    if (seen !== undefined && seen > t)
      return { result: { MessageId: randomUUID(), MD5OfMessageBody: md5, SequenceNumber: String(this.lastSequence) } };
    this.lastSequence = Math.max(t * 1000, this.lastSequence + 1);
    const m: Message = {
      sequence: String(this.lastSequence).padStart(20, '0'),
      message_id: randomUUID(),
      body: entry.MessageBody,
      group: entry.MessageGroupId,
      dedup_id: dedupId,
      sent_at: t,
      available_at: t + this.delayMs,
      visible_at: 0,
      receive_count: 0,
    };
    this.dedup.set(dedupId, t + DEDUP_WINDOW_MS);
    this.append(m);
    return { result: { MessageId: m.message_id, MD5OfMessageBody: md5, SequenceNumber: m.sequence }, queued: m };
  }

  /** The message a receipt handle names; a deleted or superseded handle is SQS's `ReceiptHandleIsInvalid`. */
  received(handle: string): Message {
    const m = this.byHandle.get(handle);
    if (!m) throw new QueueError('ReceiptHandleIsInvalid', 'The receipt handle is not valid (deleted or superseded).');
    return m;
  }

  /** Takes the messages of these handles off the queue; a handle already gone is no error (as in SQS). */
  remove(handles: string[]): Message[] {
    const gone: Message[] = [];
    for (const handle of handles) {
      const m = this.byHandle.get(handle);
      if (!m) continue;
      this.byHandle.delete(handle);
      const list = this.groups.get(m.group) ?? [];
      const index = list.indexOf(m);
      if (index >= 0) list.splice(index, 1);
      if (list.length === 0) this.groups.delete(m.group);
      gone.push(m);
    }
    return gone;
  }

  /**
   * The batches due at `t`, at most `room` of them, one per group whose head is due and which has
   * nothing in flight; the groups served go to the back, so no lane starves another.
   */
  dueBatches(t: number, room: number): Message[][] {
    const batches: Message[][] = [];
    for (const list of this.groups.values()) {
      if (batches.length >= room) break;
      const batch = nextBatch(list, t);
      if (batch.length) batches.push(batch);
    }
    for (const batch of batches) {
      const list = this.groups.get(batch[0].group)!;
      this.groups.delete(batch[0].group);
      this.groups.set(batch[0].group, list);
    }
    if (this.dedup.size > 10_000) for (const [id, until] of this.dedup) if (until <= t) this.dedup.delete(id);
    return batches;
  }

  /** Hands a batch out at `t`: a fresh receipt handle per message, invisible for the visibility timeout. */
  receive(batch: Message[], t: number, visibilityMs: number): void {
    for (const m of batch) {
      if (m.receipt_handle) this.byHandle.delete(m.receipt_handle);
      m.receive_count += 1;
      m.first_receive_at ??= t;
      m.receipt_handle = randomUUID();
      m.visible_at = t + visibilityMs;
      this.byHandle.set(m.receipt_handle, m);
    }
  }

  /** A group's messages (tests look at their receive counts and visibility). */
  group(name: string): Message[] {
    return this.groups.get(name) ?? [];
  }

  /** Every queued message, for the queue's attributes. */
  all(): Message[] {
    return [...this.groups.values()].flat();
  }

  private append(m: Message): void {
    const list = this.groups.get(m.group) ?? [];
    list.push(m);
    this.groups.set(m.group, list);
  }
}

/** A group's next batch at `t`: none while one of its messages is in flight, else its due head, up to 10. */
function nextBatch(list: Message[], t: number): Message[] {
  if (list.some((m) => m.receive_count > 0 && m.visible_at > t)) return [];
  const batch: Message[] = [];
  for (const m of list) {
    if (m.available_at > t || m.visible_at > t || batch.length === MAX_BATCH) break;
    batch.push(m);
  }
  return batch;
}
