import { now } from '../../../lib/clock';
import type { Message, QueueError } from './message';
import type { QueuedMessages, SendResult } from './queued-messages';
import type { StoredMessages } from './stored-messages';

type SendEntry = { MessageBody: string; MessageGroupId?: string; MessageDeduplicationId?: string };
/** An SQS JSON-protocol operation: its input as the SDK sends it, its answer as SQS gives it. */
// biome-ignore lint/suspicious/noExplicitAny: a table of differently typed SQS operations
export type SqsOperations = Record<string, (input: any) => Promise<unknown>>;

/**
 * The SQS operations the SDK's client of lib/ sends (SendMessage(Batch), ChangeMessageVisibility(Batch),
 * DeleteMessage(Batch), GetQueueAttributes), each on the queue in memory and written through; `wake`
 * tells the pump when a message may become due.
 */
export function sqsOperations(
  queue: QueuedMessages,
  stored: StoredMessages,
  settings: { delayMs: number; visibilityTimeoutSeconds: number },
  wake: (delayMs: number) => void,
): SqsOperations {
  /** Queues one message; `written` collects it for the caller's batch write, else it is written now. */
  const send = async (entry: SendEntry, written?: Message[]): Promise<SendResult> => {
    const { result, queued } = queue.send(entry, now().getTime());
    if (!queued) return result;
    // Queued in send order before the (concurrent) write: a batch's entries keep their order.
    if (written) written.push(queued);
    else await stored.put(queued);
    wake(settings.delayMs);
    return result;
  };
  const changeVisibility = async (handle: string, seconds: number, written?: Message[]) => {
    const m = queue.received(handle);
    m.visible_at = now().getTime() + seconds * 1000;
    if (written) written.push(m);
    else await stored.put(m);
    wake(seconds * 1000);
  };
  const remove = (handles: string[]) => stored.deleteBehind(queue.remove(handles));

  return {
    SendMessage: (input: SendEntry) => send(input),
    SendMessageBatch: async (input: { Entries?: ({ Id: string } & SendEntry)[] }) => {
      const written: Message[] = [];
      const answer = await eachEntry(input.Entries, async (entry) => send(entry, written));
      await stored.putMany(written);
      return answer;
    },
    ChangeMessageVisibility: async (input: { ReceiptHandle: string; VisibilityTimeout: number }) => {
      await changeVisibility(input.ReceiptHandle, input.VisibilityTimeout);
      return {};
    },
    ChangeMessageVisibilityBatch: async (input: { Entries?: { Id: string; ReceiptHandle: string; VisibilityTimeout: number }[] }) => {
      const written: Message[] = [];
      const answer = await eachEntry(input.Entries, async (e) => {
        await changeVisibility(e.ReceiptHandle, e.VisibilityTimeout, written);
        return {};
      });
      await stored.putMany(written);
      return answer;
    },
    DeleteMessage: async (input: { ReceiptHandle: string }) => {
      remove([input.ReceiptHandle]);
      return {};
    },
    DeleteMessageBatch: async (input: { Entries?: { Id: string; ReceiptHandle: string }[] }) => {
      remove((input.Entries ?? []).map((e) => e.ReceiptHandle));
      return { Successful: (input.Entries ?? []).map((e) => ({ Id: e.Id })), Failed: [] };
    },
    GetQueueAttributes: async () => {
      const t = now().getTime();
      const all = queue.all();
      const flying = all.filter((m) => m.receive_count > 0 && m.visible_at > t).length;
      return {
        Attributes: {
          ApproximateNumberOfMessages: String(all.length - flying),
          ApproximateNumberOfMessagesNotVisible: String(flying),
          DelaySeconds: String(Math.round(settings.delayMs / 1000)),
          VisibilityTimeout: String(settings.visibilityTimeoutSeconds),
          FifoQueue: 'true',
        },
      };
    },
  };
}

/** A batch operation's answer: each entry done in order, its refusal in `Failed` (the sender's fault). */
async function eachEntry<E extends { Id: string }>(entries: E[] | undefined, each: (entry: E) => Promise<object>) {
  const Successful: Record<string, unknown>[] = [];
  const Failed: Record<string, unknown>[] = [];
  for (const entry of entries ?? []) {
    try {
      Successful.push({ Id: entry.Id, ...(await each(entry)) });
    } catch (error) {
      Failed.push({
        Id: entry.Id,
        SenderFault: true,
        Code: (error as QueueError).type ?? 'InternalError',
        Message: (error as Error).message,
      });
    }
  }
  return { Successful, Failed };
}
