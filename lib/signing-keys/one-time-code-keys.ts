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
export function forgetOneTimeCodeKeys(): void {
  provider?.clearCache();
}

/** The embedded default's code key (npm start, tests). */
const LOCAL_ONE_TIME_CODE_KEY = 'local-development-one-time-code-key';

/**
 * The keys of the stored hashes of one-time codes (lib/crypto/one-time-code.ts): the secret
 * `ONE_TIME_CODE_KEY_SECRET` names, its own, read at run time and kept KEY_CACHE_SECONDS. A table
 * without this key does not give up a code: ten digits are 10^10 tries against a key of 64 characters.
 * Outside the embedded default a missing secret is an error, never a fixed key.
 */
export async function oneTimeCodeKeys(): Promise<KeySet> {
  const secret = variable('ONE_TIME_CODE_KEY_SECRET');
  if (!secret) {
    if (isLocal()) return { current: variable('ONE_TIME_CODE_SIGNING_KEY') ?? LOCAL_ONE_TIME_CODE_KEY };
    throw new Error('ONE_TIME_CODE_KEY_SECRET is not set: the stack gives every function the ARN of its one-time-code secret.');
  }
  return keySetOf(await store().get(secret, { maxAge: KEY_CACHE_SECONDS, transform: 'json' }), secret);
}
