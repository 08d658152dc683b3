import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { sesClient } from '../aws/ses';
import { config } from '../config';
import type { MailSender } from './mail-sender';
import { variable } from '../config/variables';

/** AWS's sender: SES, from `MAIL_FROM` (default `no-reply@` the public host). */
export const sesSender: MailSender = {
  toOutbox: false,
  send: async (email) => {
    await sesClient().send(
      new SendEmailCommand({
        FromEmailAddress: variable('MAIL_FROM') ?? `no-reply@${new URL(config().publicUrl).hostname}`,
        Destination: { ToAddresses: [email.to] },
        Content: { Simple: { Subject: { Data: email.subject, Charset: 'UTF-8' }, Body: { Text: { Data: email.text, Charset: 'UTF-8' } } } },
      }),
    );
  },
};
