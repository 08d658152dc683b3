import { config } from '../config';
import type { JsonEndpoint } from './json-protocol';
import type { AwsCredentials } from './sigv4';

/** A local stand-in (DynamoDB Local, the SQS stand-in) checks no signature; any key pair will do. */
const LOCAL_CREDENTIALS: AwsCredentials = { accessKeyId: 'local', secretAccessKey: 'local' };

/**
 * How a client reaches its service (docs/decisions.md, "AWS clients of our own"): a local stand-in
 * at `standIn`, or the region's own endpoint with the role's credentials.
 * - A connection has 2 s to open.
 * - An attempt waits 5 s for its answer in AWS, where these calls answer in milliseconds and 5 s
 *   without a byte means a dead connection, so the attempt is made again. A stand-in (DynamoDB Local,
 *   the SQS stand-in on it) can take seconds under a burst on a loaded developer machine, where a
 *   timeout would only turn a slow answer into a write sent twice: it gets 60 s.
 */
export function reachOf(
  service: string,
  standIn: string | undefined,
): Pick<JsonEndpoint, 'url' | 'region' | 'service' | 'credentials' | 'connectionTimeoutMs' | 'requestTimeoutMs'> {
  const { region } = config();
  return {
    url: new URL(standIn ?? `https://${service}.${region}.amazonaws.com`),
    region,
    service,
    credentials: standIn ? () => LOCAL_CREDENTIALS : roleCredentials(),
    connectionTimeoutMs: 2_000,
    requestTimeoutMs: standIn ? 60_000 : 5_000,
  };
}

/**
 * The credentials of this process's role. Lambda puts them in its environment, which is where the
 * SDK's default chain finds them first. Anywhere else (an operator's shell with a profile or SSO),
 * the SDK's whole chain is loaded on the first call, and only then: in a function it is never
 * evaluated (docs/decisions.md, "AWS clients of our own").
 */
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
