import { KMSClient } from '@aws-sdk/client-kms';
import { clientConfig, prepared } from './client-config';

let client: KMSClient | undefined;

/** The process's KMS client (envelope encryption's data keys: lib/crypto/envelope.ts), made on first use. */
export function kmsClient(): KMSClient {
  client ??= prepared(new KMSClient(clientConfig({ maxAttempts: 3 })));
  return client;
}

/** Closes and forgets the client (tests switch credentials and stubs). */
export function resetKmsClient(): void {
  client?.destroy();
  client = undefined;
}
