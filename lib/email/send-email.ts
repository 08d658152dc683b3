import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { config, isLocal } from '../config';
import { nowIso } from '../clock';
import { randomBase62 } from '../ids';

/** A plain-text message to one person (sign-in and secret-roll codes, endpoint-failure notices). */
export interface Email {
  to: string;
  subject: string;
  text: string;
}

let ses: SESv2Client | undefined;
/** Orders the messages one process writes within the same millisecond. */
let sequence = 0;

/** Forget the SES client (tests). */
export function resetEmailClient(): void {
  ses?.destroy();
  ses = undefined;
}

/** The folder the embedded default delivers into instead of sending: `${LOCAL_DIR}/outbox/`. */
export function outboxDir(): string {
  return join(resolve(process.env.LOCAL_DIR ?? '.local'), 'outbox');
}

/**
 * Sends through SES in AWS (from `MAIL_FROM`); in the embedded default (STAGE=local) writes one JSON
 * file per message to the outbox, where the dashboard's outbox page and the tests read it.
 */
export async function sendEmail(email: Email): Promise<void> {
  if (isLocal()) {
    const dir = outboxDir();
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const sentAt = nowIso();
    // Sortable names: the newest message is the last file in name order.
    sequence = (sequence + 1) % 1_000_000;
    const name = `${sentAt.replace(/[:.]/g, '-')}-${String(sequence).padStart(6, '0')}-${randomBase62(8)}.json`;
    writeFileSync(join(dir, name), JSON.stringify({ ...email, sent_at: sentAt }, null, 2) + '\n', { mode: 0o600 });
    return;
  }
  ses ??= new SESv2Client({ region: config().region });
  await ses.send(
    new SendEmailCommand({
      FromEmailAddress: process.env.MAIL_FROM ?? `no-reply@${new URL(config().publicUrl).hostname}`,
      Destination: { ToAddresses: [email.to] },
      Content: { Simple: { Subject: { Data: email.subject, Charset: 'UTF-8' }, Body: { Text: { Data: email.text, Charset: 'UTF-8' } } } },
    }),
  );
}
