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
export function forgetHostedLinkKeys(): void {
  provider?.clearCache();
}

/** The embedded default's link key (npm start, tests). */
const LOCAL_HOSTED_LINK_KEY = 'local-development-hosted-link-key';

/**
 * Outside the embedded default a function without its hosted-link secret never signs: a link signed
 * with a fixed string, or with the cursor key, would be forgeable by whoever knows the string or can
 * read cursors' key. Its cold start already refused (lib/config/variables.ts requires the secret in
 * production); this holds for a process that skipped that check.
 */
export function requireHostedLinkSecret(env: NodeJS.ProcessEnv = process.env): void {
  if (!variable('HOSTED_LINK_KEY_SECRET', env) && !isLocal())
    throw new Error(
      'HOSTED_LINK_KEY_SECRET is not set: hosted invoice links are signed with their own secret (the stack passes its ARN), never another key.',
    );
}

/**
 * The keys that sign hosted invoice links (lib/billing/hosted-link.ts): the secret `HOSTED_LINK_KEY_SECRET`
 * names, its own (not the cursor key), read at run time and kept KEY_CACHE_SECONDS.
 */
export async function hostedLinkKeys(): Promise<KeySet> {
  const secret = variable('HOSTED_LINK_KEY_SECRET');
  if (!secret) {
    requireHostedLinkSecret();
    return { current: variable('HOSTED_LINK_SIGNING_KEY') ?? LOCAL_HOSTED_LINK_KEY };
  }
  return keySetOf(await store().get(secret, { maxAge: KEY_CACHE_SECONDS, transform: 'json' }), secret);
}
