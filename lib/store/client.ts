import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../config';

let documentClient: DynamoDBDocumentClient | undefined;

/**
 * The one DynamoDB document client of this process, created on first use (so tests and the local
 * runtime can set the environment first). Timeouts are bounded: no call waits forever.
 */
export function db(): DynamoDBDocumentClient {
  if (!documentClient) {
    const { dynamodbEndpoint, region } = config();
    const base = new DynamoDBClient({
      region,
      endpoint: dynamodbEndpoint,
      credentials: dynamodbEndpoint ? { accessKeyId: 'local', secretAccessKey: 'local' } : undefined,
      maxAttempts: 4,
      requestHandler: { connectionTimeout: 2000, requestTimeout: 5000 },
    });
    // The SDK's logging middleware makes a redacted copy of every request's input and answer for its
    // logger before calling it, even the no-op one it has when given none (as here): a walk over every
    // item read or written, for nothing (docs/decisions.md, "Where a request's time goes").
    base.middlewareStack.remove('loggerMiddleware');
    documentClient = DynamoDBDocumentClient.from(base, {
      marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
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
