import { config } from '../config';
import { type StoreClient, storeClient } from './dynamodb';

let documentClient: StoreClient | undefined;

/**
 * The one DynamoDB client of this process, created on first use (so tests and the local runtime can
 * set the environment first) and kept: four attempts, bounded timeouts (lib/aws/client-config.ts).
 */
export function db(): StoreClient {
  documentClient ??= storeClient({ standIn: config().dynamodbEndpoint, maxAttempts: 4 });
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
