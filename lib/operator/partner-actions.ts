import * as z from 'zod';
import { GetSecretValueCommand, PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { DeleteMessageCommand, ReceiveMessageCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { randomBytes } from 'node:crypto';
import { config } from '../config';
import { createPartner } from '../partners/partner';
import { addStaffMember, normaliseEmail } from '../dashboard/staff';
import { disableWebhookEndpoint, enableWebhookEndpoint, listWebhookEndpoints } from '../dashboard/webhook-endpoints';
import { recoverEvents } from '../webhooks/operations/recover-events';
import { resendEvent } from '../webhooks/operations/resend-event';
import { laneQueueUrls } from '../webhooks/lane-shards';
import { sqs } from '../webhooks/queue/delivery-queue';
import { parseLaneMessage } from '../webhooks/lane/lane-message';
import { issueApiKey } from '../auth/api-key';
import { flag } from './cli-args';
import { OperatorError } from './target';
import type { ActionContext, OperatorAction } from './action';
import { variable } from '../config/variables';

const endpoint = (ctx: ActionContext) => ctx.positional(0, 'webhook endpoint id (we_…)');
const email = z.email().max(254);

/** The first partner of a deployment and every one after it: the partner, and its owner as its first staff member. */
async function onboardPartner(name: string, ownerEmail: string) {
  // An address may be staff of several partners (membership is per partner): the owner of one may own another.
  const address = normaliseEmail(ownerEmail);
  const partner = await createPartner({ name, ownerEmail: address });
  // The owner role: how the dashboard's roles name the person who may do everything (lib/dashboard/staff.ts).
  const owner = await addStaffMember(partner.id, address, 'owner');
  return {
    partner: { id: partner.id, name: partner.name, created_at: partner.created_at },
    owner: { email: owner.email, role: 'owner' },
    sign_in_url: `${config().publicUrl}/dashboard/sign-in`,
    next: `Send ${address} the sign-in address. They sign in with a code e-mailed to them and create the API keys in the dashboard; no key or secret is made or shown here.`,
  };
}

/** A new signing key kept beside the one it replaces (lib/signing-keys/key-set.ts): what was signed before still verifies. */
async function rotateSigningKey(which: string) {
  const name = which === 'cursor' ? 'CURSOR_KEY_SECRET' : which === 'hosted-link' ? 'HOSTED_LINK_KEY_SECRET' : undefined;
  if (!name) throw new OperatorError('--key is cursor or hosted-link.');
  const secret = variable(name);
  if (!secret) throw new OperatorError('rotate-signing-key works on a deployed stage: the embedded default has fixed local keys.');
  const client = new SecretsManagerClient({ region: config().region });
  try {
    const now = JSON.parse((await client.send(new GetSecretValueCommand({ SecretId: secret }))).SecretString ?? '{}') as {
      current?: string;
    };
    if (!now.current) throw new OperatorError(`${secret} holds no current key.`);
    const next = { current: randomBytes(48).toString('base64url'), previous: now.current };
    const put = await client.send(new PutSecretValueCommand({ SecretId: secret, SecretString: JSON.stringify(next) }));
    return {
      secret,
      version: put.VersionId,
      note: 'Every function signs with the new key within 5 minutes; the replaced key still verifies until the next rotation (wait at least 5 minutes for that one).',
    };
  } finally {
    client.destroy();
  }
}

/**
 * The canary's key: a new test-mode key of `partnerId` (a partner the platform team keeps for the canary,
 * made with create-partner), only allowed to read (GET /v1/me needs no scope), written straight into the
 * canary's secret: the operator never sees it.
 */
async function setCanaryKey(partnerId: string) {
  const secret = variable('CANARY_KEY_SECRET');
  if (!secret) throw new OperatorError('set-canary-key works on a deployed stage: the embedded default runs no canary.');
  const { secret: key, record } = await issueApiKey({ partnerId, mode: 'test', name: 'Canary', scopes: ['companies:read'] });
  const client = new SecretsManagerClient({ region: config().region });
  try {
    await client.send(new PutSecretValueCommand({ SecretId: secret, SecretString: JSON.stringify({ key }) }));
  } finally {
    client.destroy();
  }
  return {
    key_id: record.id,
    partner_id: partnerId,
    secret,
    note: 'The canary uses the new key from its next run (within 5 minutes). Revoke the previous canary key in that partner’s dashboard.',
  };
}

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

/** Partners and their webhook endpoints: what the platform team does for a partner that cannot, or before it can. */
export const partnerActions: OperatorAction[] = [
  {
    name: 'create-partner',
    usage: 'create-partner --name "Acme Formations" --owner-email dana@acme.example',
    summary: 'a new partner and its owner (first staff member, role owner), who signs in by e-mailed code; no secret is shown',
    unscoped: true,
    run: (ctx) => {
      const name = flag(ctx.args, 'name')?.trim();
      const owner = flag(ctx.args, 'owner-email');
      if (!name || name.length > 200) throw new OperatorError('--name is required (the workspace name, up to 200 characters).');
      if (!owner || !email.safeParse(owner.trim()).success)
        throw new OperatorError('--owner-email is required: the address the owner signs in with.');
      return onboardPartner(name, owner.trim());
    },
  },
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
  {
    name: 'set-canary-key',
    usage: 'set-canary-key --partner ptr_…',
    summary: "a new test key of the canary's partner, written into the canary's secret (never shown; a deployed stage only)",
    run: (ctx) => setCanaryKey(ctx.scope.partnerId),
  },
  {
    name: 'rotate-signing-key',
    usage: 'rotate-signing-key --key cursor|hosted-link',
    summary: 'a new signing key, the old one kept as previous (no deploy; a deployed stage only)',
    unscoped: true,
    run: (ctx) => rotateSigningKey(flag(ctx.args, 'key') ?? ''),
  },
];
