import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { config } from '../config';
import type { MailSender } from './mail-sender';

let ses: SESv2Client | undefined;

/** Forget the SES client (tests). */
export function resetEmailClient(): void {
  ses?.destroy();
  ses = undefined;
}

/** AWS's sender: SES, from `MAIL_FROM` (default `no-reply@` the public host). */
export const sesSender: MailSender = {
  toOutbox: false,
  send: async (email) => {
    ses ??= new SESv2Client({ region: config().region });
    await ses.send(
      new SendEmailCommand({
        FromEmailAddress: process.env.MAIL_FROM ?? `no-reply@${new URL(config().publicUrl).hostname}`,
        Destination: { ToAddresses: [email.to] },
        Content: { Simple: { Subject: { Data: email.subject, Charset: 'UTF-8' }, Body: { Text: { Data: email.text, Charset: 'UTF-8' } } } },
      }),
    );
  },
};
