import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { config } from '../../config';
import { randomBase62 } from '../../ids';

/**
 * E-mail to a workspace owner about their webhooks (rule 7). SES in AWS; in the embedded default a JSON
 * file per message in `${LOCAL_DIR}/outbox/`, which tests and developers read.
 * (Replaced by the dashboard's lib/email once it is on main.)
 */
let ses: SESv2Client | undefined;

export interface OwnerMail {
  to: string;
  subject: string;
  text: string;
  /** What the mail is about, for tests and logs: `webhook_failing_1d`, `webhook_disabled`, … */
  kind: string;
}

export async function sendOwnerMail(mail: OwnerMail, at: string): Promise<void> {
  if (config().stage === 'local') {
    const dir = join(resolve(process.env.LOCAL_DIR ?? '.local'), 'outbox');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${at.replace(/[:.]/g, '-')}-${randomBase62(6)}.json`), JSON.stringify({ ...mail, sent_at: at }, null, 2));
    return;
  }
  ses ??= new SESv2Client({ region: config().region });
  await ses.send(
    new SendEmailCommand({
      FromEmailAddress: process.env.MAIL_FROM ?? 'notifications@example.com',
      Destination: { ToAddresses: [mail.to] },
      Content: { Simple: { Subject: { Data: mail.subject }, Body: { Text: { Data: mail.text } } } },
    }),
  );
}
