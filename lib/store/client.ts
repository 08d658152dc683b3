import { answerTimeoutMs, LOCAL_CREDENTIALS, roleCredentials } from '../aws/credentials';
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
      credentials: dynamodbEndpoint ? () => LOCAL_CREDENTIALS : roleCredentials(),
      maxAttempts: 4,
      connectionTimeoutMs: 2000,
      requestTimeoutMs: answerTimeoutMs(Boolean(dynamodbEndpoint)),
    });
  }
  return documentClient;
}

export function tableName(): string {
  return config().tableName;
}

/** Closes the client's sockets (tests, scripts) and forgets it; the next db() makes a new one. */
export function resetDbClient(): void {
  documentClient?.destroy();
  documentClient = undefined;
}
