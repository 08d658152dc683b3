import { DeleteMessageCommand, ReceiveMessageCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { disableWebhookEndpoint, enableWebhookEndpoint, listWebhookEndpoints } from '../dashboard/webhook-endpoints';
import { recoverEvents } from '../webhooks/operations/recover-events';
import { resendEvent } from '../webhooks/operations/resend-event';
import { laneQueueUrls } from '../webhooks/lane-shards';
import { sqs } from '../webhooks/queue/delivery-queue';
import { parseLaneMessage } from '../webhooks/lane/lane-message';
import { flag } from './cli-args';
import { OperatorError } from './target';
import type { ActionContext, OperatorAction } from './action';

const endpoint = (ctx: ActionContext) => ctx.positional(0, 'webhook endpoint id (we_…)');

/** How long a listing holds each DLQ message it has read, so the next receive gives the ones after it. */
const DLQ_PAGE_HOLD_SECONDS = 30;

interface DlqMessage {
  dlq: string;
  message_id: string;
  receipt: string;
  body: string;
  partner_id: string;
  endpoint_id: string;
  event_id: string;
  kind: string;
  mode: string;
}

/**
 * Every message of every lane shard's DLQ, page by page (SQS gives at most 10 a receive): each one
 * read is held DLQ_PAGE_HOLD_SECONDS, so the next receive gives others, until a receive gives none.
 * Nothing is taken: each is visible again after the hold. `until` stops at the message looked for.
 */
async function readDlqs(until?: (m: DlqMessage) => boolean): Promise<DlqMessage[]> {
  const out: DlqMessage[] = [];
  const seen = new Set<string>();
  for (const url of laneQueueUrls()) {
    const dlq = url.replace(/\.fifo$/, '-dlq.fifo');
    for (;;) {
      const res = await sqs().send(
        new ReceiveMessageCommand({ QueueUrl: dlq, MaxNumberOfMessages: 10, VisibilityTimeout: DLQ_PAGE_HOLD_SECONDS, WaitTimeSeconds: 0 }),
      );
      const fresh = (res.Messages ?? []).filter((m) => m.MessageId && !seen.has(m.MessageId));
      if (!fresh.length) break;
      for (const m of fresh) {
        seen.add(m.MessageId!);
        // A body that is not a lane message is listed all the same (it may be deleted by its id).
        const lane = readable(m.Body ?? '{}');
        const message: DlqMessage = {
          dlq,
          message_id: m.MessageId!,
          receipt: m.ReceiptHandle ?? '',
          body: m.Body ?? '{}',
          partner_id: lane.partner_id,
          endpoint_id: lane.endpoint_id,
          event_id: lane.event_id,
          kind: lane.kind,
          mode: lane.mode,
        };
        out.push(message);
        if (until?.(message)) return out;
      }
    }
  }
  return out;
}

function readable(body: string): { partner_id: string; endpoint_id: string; event_id: string; kind: string; mode: string } {
  try {
    return parseLaneMessage(body);
  } catch {
    return { partner_id: '', endpoint_id: '', event_id: '', kind: 'unreadable', mode: '' };
  }
}

async function dlqMessages() {
  return (await readDlqs()).map(({ receipt: _r, body: _b, ...shown }) => shown);
}

async function findDlqMessage(id: string): Promise<DlqMessage> {
  const found = (await readDlqs((m) => m.message_id === id)).find((m) => m.message_id === id);
  if (!found) throw new OperatorError(`No message ${id} in the lane DLQs (npm run ops -- dlq lists them).`);
  return found;
}

/** One DLQ message sent back to its lane (the same group, the endpoint's), then deleted from the DLQ. */
async function redriveDlqMessage(id: string) {
  const m = await findDlqMessage(id);
  const lane = m.dlq.replace(/-dlq\.fifo$/, '.fifo');
  const sent = await sqs().send(
    new SendMessageCommand({
      QueueUrl: lane,
      MessageBody: m.body,
      MessageGroupId: m.endpoint_id,
      // Its own deduplication id: a redrive of the same message twice within 5 minutes sends it once.
      MessageDeduplicationId: `redrive-${m.message_id}`.slice(0, 128),
    }),
  );
  await sqs().send(new DeleteMessageCommand({ QueueUrl: m.dlq, ReceiptHandle: m.receipt }));
  return {
    redriven: id,
    to: lane,
    new_message_id: sent.MessageId,
    partner_id: m.partner_id,
    endpoint_id: m.endpoint_id,
    event_id: m.event_id,
  };
}

async function deleteDlqMessage(id: string) {
  const m = await findDlqMessage(id);
  await sqs().send(new DeleteMessageCommand({ QueueUrl: m.dlq, ReceiptHandle: m.receipt }));
  return { deleted: id, from: m.dlq, partner_id: m.partner_id, endpoint_id: m.endpoint_id, event_id: m.event_id };
}

const deployedOnly = (ctx: ActionContext) => {
  if (ctx.target.stage === 'local')
    throw new OperatorError("The embedded default's lanes have no DLQ (a deployed stage's have one per shard).");
};

/**
 * Webhook endpoints and the lane DLQs: what on-call does when deliveries fail. A module of its own
 * because its code alone decides the on-call role's rights (infra/aws/partner-api-stack.ts).
 */
export const endpointActions: OperatorAction[] = [
  {
    name: 'endpoints',
    usage: 'endpoints --partner ptr_…',
    summary: "the partner's webhook endpoints with their health (both modes)",
    readOnly: true,
    run: (ctx) => listWebhookEndpoints(ctx.scope.partnerId),
  },
  {
    name: 'endpoint-disable',
    usage: 'endpoint-disable <we_…> --partner ptr_…',
    summary: "stop an endpoint's deliveries (its queued ones are cancelled; the events stay in GET /events)",
    run: (ctx) => disableWebhookEndpoint(ctx.scope.partnerId, endpoint(ctx)),
  },
  {
    name: 'endpoint-enable',
    usage: 'endpoint-enable <we_…> --partner ptr_…',
    summary: 'deliver to the endpoint again (what it missed: endpoint-recover)',
    run: (ctx) => enableWebhookEndpoint(ctx.scope.partnerId, endpoint(ctx)),
  },
  {
    name: 'endpoint-recover',
    usage: 'endpoint-recover <we_…> --partner ptr_… --since 2026-11-30T00:00:00Z',
    summary: 'deliver again, in order, every event since then that the endpoint takes (at most 10,000 a run)',
    run: (ctx) => {
      const since = flag(ctx.args, 'since');
      if (!since || Number.isNaN(Date.parse(since)))
        throw new OperatorError('--since is required: an RFC 3339 time, e.g. 2026-11-30T00:00:00Z.');
      return recoverEvents(ctx.scope.partnerId, endpoint(ctx), new Date(since).toISOString());
    },
  },
  {
    name: 'endpoint-resend',
    usage: 'endpoint-resend <we_…> --partner ptr_… --event evt_…',
    summary: 'deliver one event to the endpoint once more',
    run: (ctx) => {
      const event = flag(ctx.args, 'event');
      if (!event) throw new OperatorError('--event evt_… is required.');
      return resendEvent(ctx.scope.partnerId, endpoint(ctx), event);
    },
  },
  {
    name: 'dlq',
    usage: 'dlq',
    summary: 'every delivery waiting in the lane DLQs, page after page, each with its id, partner, endpoint and event (nothing is moved)',
    readOnly: true,
    unscoped: true,
    run: (ctx) => {
      deployedOnly(ctx);
      return dlqMessages();
    },
  },
  {
    name: 'dlq-redrive',
    usage: 'dlq-redrive <message id>',
    summary: 'send one DLQ message back to its lane (its endpoint’s group) and delete it from the DLQ (audited)',
    unscoped: true,
    run: (ctx) => {
      deployedOnly(ctx);
      return redriveDlqMessage(ctx.positional(0, 'DLQ message id (npm run ops -- dlq lists them)'));
    },
  },
  {
    name: 'dlq-delete',
    usage: 'dlq-delete <message id>',
    summary: 'delete one DLQ message, the delivery given up (audited)',
    unscoped: true,
    run: (ctx) => {
      deployedOnly(ctx);
      return deleteDlqMessage(ctx.positional(0, 'DLQ message id (npm run ops -- dlq lists them)'));
    },
  },
];
