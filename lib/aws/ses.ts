import { SESv2Client } from '@aws-sdk/client-sesv2';
import { clientConfig, prepared } from './client-config';

let client: SESv2Client | undefined;

/** The process's SES (v2) client (the dashboard's one-time codes and notices: lib/email/ses-sender.ts), made on first use. */
export function sesClient(): SESv2Client {
  client ??= prepared(new SESv2Client(clientConfig({ maxAttempts: 3 })));
  return client;
}

/** Closes and forgets the client (tests move its endpoint and credentials). */
export function resetSesClient(): void {
  client?.destroy();
  client = undefined;
}
