import { SecretsProvider } from '@aws-lambda-powertools/parameters/secrets';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { clientConfig, prepared } from '../aws/client-config';
import { isLocal } from '../config';
import { KEY_CACHE_SECONDS, keySetOf, type KeySet } from './key-set';
import { variable } from '../config/variables';

/** Parameters' reader over the SDK's Secrets Manager client, made as every client is (lib/aws/client-config.ts); one per process. */
let provider: SecretsProvider | undefined;
const store = () =>
  (provider ??= new SecretsProvider({ awsSdkV3Client: prepared(new SecretsManagerClient(clientConfig({ maxAttempts: 3 }))) }));

/** Tests: the next read asks Secrets Manager again. */
export function forgetCursorKeys(): void {
  provider?.clearCache();
}

/** The embedded default's cursor key (npm start, tests): no secret store on one machine. */
const LOCAL_CURSOR_KEY = 'local-development-cursor-signing-key';

/**
 * The keys that sign page cursors (lib/paging/cursor.ts), read at run time from the Secrets Manager
 * secret `CURSOR_KEY_SECRET` names, kept KEY_CACHE_SECONDS by Powertools Parameters: a rotation needs
 * no deploy. Outside the embedded default a missing secret is an error, never a fixed key.
 */
export async function cursorKeys(): Promise<KeySet> {
  const secret = variable('CURSOR_KEY_SECRET');
  if (!secret) {
    if (isLocal()) return { current: variable('CURSOR_SIGNING_KEY') ?? LOCAL_CURSOR_KEY };
    throw new Error('CURSOR_KEY_SECRET is not set: the stack gives every function the ARN of its cursor-signing secret.');
  }
  return keySetOf(await store().get(secret, { maxAge: KEY_CACHE_SECONDS, transform: 'json' }), secret);
}
