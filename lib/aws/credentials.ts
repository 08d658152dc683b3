import type { AwsCredentials } from './sigv4';

/** A local stand-in (DynamoDB Local, the SQS stand-in) checks no signature; any key pair will do. */
export const LOCAL_CREDENTIALS: AwsCredentials = { accessKeyId: 'local', secretAccessKey: 'local' };

/**
 * The credentials of this process's role. Lambda puts them in its environment, which is where the
 * SDK's default chain finds them first. Anywhere else (an operator's shell with a profile or SSO),
 * the SDK's whole chain is loaded on the first call, and only then: in a function it is never
 * evaluated (docs/decisions.md, "AWS clients of our own").
 */
/**
 * How long an attempt may wait for its answer. AWS answers these calls in milliseconds: 5 s without a
 * byte means a dead connection, and the attempt is made again. DynamoDB Local (and the SQS stand-in
 * on it) can take seconds under a burst on a loaded developer machine, where a timeout would only
 * turn a slow answer into a write sent twice (docs/decisions.md, "AWS clients of our own").
 */
export function answerTimeoutMs(local: boolean): number {
  return local ? 60_000 : 5_000;
}

export function roleCredentials(): () => Promise<AwsCredentials> | AwsCredentials {
  const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey, AWS_SESSION_TOKEN: sessionToken } = process.env;
  if (accessKeyId && secretAccessKey) {
    const fromEnvironment = { accessKeyId, secretAccessKey, sessionToken };
    return () => fromEnvironment;
  }
  let chain: (() => Promise<AwsCredentials>) | undefined;
  return async () => {
    chain ??= (await import('@aws-sdk/credential-provider-node')).defaultProvider();
    return chain();
  };
}
