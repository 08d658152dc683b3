import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mockClient } from 'aws-sdk-client-mock';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { resetEmailClient, sendEmail } from '../../lib/email/send-email';
import { listOutbox } from '../../lib/email/outbox';

const env = { ...process.env };
afterEach(() => {
  process.env = { ...env };
  resetEmailClient();
});

describe('sending e-mail', () => {
  it('writes to the outbox in the embedded default and lists it newest first', async () => {
    process.env.STAGE = 'local';
    process.env.LOCAL_DIR = mkdtempSync(join(tmpdir(), 'outbox-'));
    await sendEmail({ to: 'a@example.test', subject: 'first', text: 'one' });
    await sendEmail({ to: 'b@example.test', subject: 'second', text: 'two' });
    const messages = listOutbox();
    expect(messages.map((m) => m.subject)).toEqual(['second', 'first']);
    expect(messages[0]).toMatchObject({ to: 'b@example.test', text: 'two' });
  });

  it('sends through SES outside the embedded default, from MAIL_FROM', async () => {
    process.env.STAGE = 'prod';
    process.env.MAIL_FROM = 'dashboard@partners.example.com';
    const ses = mockClient(SESv2Client);
    ses.on(SendEmailCommand).resolves({ MessageId: 'm-1' });
    await sendEmail({ to: 'owner@example.com', subject: 'Your code', text: '123456' });
    const input = ses.commandCalls(SendEmailCommand)[0].args[0].input;
    expect(input.FromEmailAddress).toBe('dashboard@partners.example.com');
    expect(input.Destination?.ToAddresses).toEqual(['owner@example.com']);
    expect(input.Content?.Simple?.Body?.Text?.Data).toBe('123456');
    ses.restore();
  });

  it('lets an SES failure surface, so the caller does not claim a code was sent', async () => {
    process.env.STAGE = 'prod';
    const ses = mockClient(SESv2Client);
    ses.on(SendEmailCommand).rejects(new Error('MessageRejected'));
    await expect(sendEmail({ to: 'x@example.com', subject: 's', text: 't' })).rejects.toThrow('MessageRejected');
    ses.restore();
  });
});
