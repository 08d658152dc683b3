import { sesSendEmail } from '../aws/actions';
import { sendSigned, type AwsService } from '../aws/signed-request';
import { config } from '../config';
import type { MailSender } from './mail-sender';

/** SES's v2 API (SendEmail is its one call here: lib/aws/signed-request.ts says why no generated client). */
export const SES: AwsService = { signingName: 'ses', endpointId: 'SESV2', host: (region) => `email.${region}.amazonaws.com` };

/** AWS's sender: SES, from `MAIL_FROM` (default `no-reply@` the public host). */
export const sesSender: MailSender = {
  toOutbox: false,
  send: async (email) => {
    await sendSigned(SES, {
      action: sesSendEmail,
      method: 'POST',
      path: '/v2/email/outbound-emails',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        FromEmailAddress: process.env.MAIL_FROM ?? `no-reply@${new URL(config().publicUrl).hostname}`,
        Destination: { ToAddresses: [email.to] },
        Content: { Simple: { Subject: { Data: email.subject, Charset: 'UTF-8' }, Body: { Text: { Data: email.text, Charset: 'UTF-8' } } } },
      }),
    });
  },
};
