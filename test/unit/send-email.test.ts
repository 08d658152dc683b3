import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sendEmail } from '../../lib/email/send-email';
import { listOutbox } from '../../lib/email/outbox';
import { awsStandIn, TEST_CREDENTIALS, type StandIn, useAwsCredentials } from '../support/aws-stand-in';

const env = { ...process.env };
let ses: StandIn;
beforeAll(async () => {
  ses = await awsStandIn();
});
afterAll(async () => {
  useAwsCredentials(undefined);
  await ses.close();
});
beforeEach(() => ses.calls.splice(0));
afterEach(() => {
  process.env = { ...env };
});

/** Outside the embedded default, with SES's endpoint moved to the stand-in (the SDK's own variable). */
function onAws(): void {
  process.env.STAGE = 'prod';
  process.env.AWS_REGION = 'eu-west-1';
  process.env.AWS_ENDPOINT_URL_SESV2 = ses.url;
  useAwsCredentials(TEST_CREDENTIALS);
}

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

  it('sends through SES outside the embedded default, from MAIL_FROM, signed for ses in the region', async () => {
    onAws();
    process.env.MAIL_FROM = 'dashboard@partners.example.com';
    ses.answer([{ status: 200, body: '{"MessageId":"m-1"}' }]);
    await sendEmail({ to: 'owner@example.com', subject: 'Your code', text: '123456' });
    expect(ses.calls).toHaveLength(1);
    const [call] = ses.calls;
    expect(call).toMatchObject({
      method: 'POST',
      path: '/v2/email/outbound-emails',
      signatureValid: true,
      scope: { region: 'eu-west-1', service: 'ses' },
    });
    expect(call.headers['content-type']).toBe('application/json');
    expect(JSON.parse(call.body.toString())).toEqual({
      FromEmailAddress: 'dashboard@partners.example.com',
      Destination: { ToAddresses: ['owner@example.com'] },
      Content: { Simple: { Subject: { Data: 'Your code', Charset: 'UTF-8' }, Body: { Text: { Data: '123456', Charset: 'UTF-8' } } } },
    });
  });

  it('the stand-in tells a wrong signature (so the checks above are not vacuous)', async () => {
    onAws();
    ses.answer([{ status: 200, body: '{}' }]);
    useAwsCredentials({ ...TEST_CREDENTIALS, secretAccessKey: 'not-the-secret' });
    try {
      await sendEmail({ to: 'x@example.com', subject: 's', text: 't' });
    } finally {
      useAwsCredentials(TEST_CREDENTIALS);
    }
    expect(ses.calls.map((c) => c.signatureValid)).toEqual([false]);
  });

  it('lets an SES refusal surface with its code, at once, so the caller does not claim a code was sent', async () => {
    onAws();
    ses.answer([{ status: 400, body: '{"__type":"MessageRejected","message":"Email address is not verified."}' }]);
    await expect(sendEmail({ to: 'x@example.com', subject: 's', text: 't' })).rejects.toMatchObject({
      name: 'MessageRejected',
      $metadata: { httpStatusCode: 400 },
      message: expect.stringContaining('Email address is not verified.'),
    });
    expect(ses.calls).toHaveLength(1); // a refusal is not retried
  });

  it('tries again after a throttle or a 5xx (three attempts in all), each signed afresh', async () => {
    onAws();
    ses.answer([{ status: 429, body: '{"__type":"TooManyRequestsException"}' }, { status: 503 }, { status: 200, body: '{}' }]);
    await sendEmail({ to: 'x@example.com', subject: 's', text: 't' });
    expect(ses.calls.map((c) => c.signatureValid)).toEqual([true, true, true]);
    ses.answer([{ status: 500, body: '{"__type":"InternalFailure"}' }]);
    ses.calls.splice(0);
    await expect(sendEmail({ to: 'x@example.com', subject: 's', text: 't' })).rejects.toMatchObject({
      name: 'InternalFailure',
      $metadata: { httpStatusCode: 500 },
    });
    expect(ses.calls).toHaveLength(3);
  });

  it('follows no redirect: a 3xx is an error', async () => {
    onAws();
    ses.answer([{ status: 301, headers: { location: 'http://169.254.169.254/' } }]);
    await expect(sendEmail({ to: 'x@example.com', subject: 's', text: 't' })).rejects.toMatchObject({ $metadata: { httpStatusCode: 301 } });
    expect(ses.calls).toHaveLength(1);
  });
});
