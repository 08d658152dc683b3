import type { AwsCredentials } from '../aws/sigv4';
import { config } from '../config';
import { StoreClient } from './dynamodb';

let documentClient: StoreClient | undefined;

/**
 * The one DynamoDB client of this process, created on first use (so tests and the local runtime can
 * set the environment first). Timeouts are bounded: no call waits forever.
 */
export function db(): StoreClient {
  if (!documentClient) {
    const { dynamodbEndpoint, region } = config();
    documentClient = new StoreClient({
      endpoint: dynamodbEndpoint ?? `https://dynamodb.${region}.amazonaws.com`,
      region,
      credentials: dynamodbEndpoint ? () => LOCAL_CREDENTIALS : awsCredentials(),
      maxAttempts: 4,
      connectionTimeoutMs: 2000,
      requestTimeoutMs: 5000,
    });
  }
  return documentClient;
}

/** DynamoDB Local checks no signature; any key pair will do. */
const LOCAL_CREDENTIALS: AwsCredentials = { accessKeyId: 'local', secretAccessKey: 'local' };

/**
 * The credentials of this process's role: Lambda puts them in its environment, which is where the
 * SDK's default chain finds them first. Anywhere else (an operator's shell with a profile or SSO), the
 * SDK's whole chain is loaded on the first call, and only then (docs/decisions.md, "A DynamoDB client
 * of our own").
 */
function awsCredentials(): () => Promise<AwsCredentials> | AwsCredentials {
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

export function tableName(): string {
  return config().tableName;
}

/** Closes the client's sockets (tests, scripts) and forgets it; the next db() makes a new one. */
export function resetDbClient(): void {
  documentClient?.destroy();
  documentClient = undefined;
}
