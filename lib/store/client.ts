import { config } from '../config';
import { StoreClient } from './dynamodb';

let documentClient: StoreClient | undefined;

/**
 * The one DynamoDB client of this process, created on first use (so tests and the local runtime can
 * set the environment first). Timeouts are bounded: no call waits forever.
 */
export function db(): StoreClient {
  if (!documentClient) {
    documentClient = new StoreClient({ standIn: config().dynamodbEndpoint, maxAttempts: 4 });
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
