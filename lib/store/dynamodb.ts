import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { clientConfig, prepared } from '../aws/client-config';

/**
 * DynamoDB as the store calls it: the SDK's document client (`@aws-sdk/lib-dynamodb`: plain values in,
 * plain values out), made as every AWS client of this codebase is (lib/aws/client-config.ts: our
 * timeouts and attempts, no logger middleware, traced). Only the store and the event log send its
 * commands (docs/architecture.md).
 */
export {
  BatchGetCommand,
  type BatchGetCommandInput,
  type BatchGetCommandOutput,
  BatchWriteCommand,
  type BatchWriteCommandInput,
  type BatchWriteCommandOutput,
  DeleteCommand,
  type DeleteCommandInput,
  type DeleteCommandOutput,
  GetCommand,
  type GetCommandInput,
  type GetCommandOutput,
  PutCommand,
  type PutCommandInput,
  type PutCommandOutput,
  QueryCommand,
  type QueryCommandInput,
  type QueryCommandOutput,
  ScanCommand,
  type ScanCommandInput,
  type ScanCommandOutput,
  TransactGetCommand,
  type TransactGetCommandInput,
  type TransactGetCommandOutput,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  type TransactWriteCommandOutput,
  UpdateCommand,
  type UpdateCommandInput,
  type UpdateCommandOutput,
} from '@aws-sdk/lib-dynamodb';

export type StoreClient = DynamoDBDocumentClient;

/**
 * A document client. `standIn`: DynamoDB Local's URL (or a proxy in front of it); absent, the region's
 * DynamoDB with the role's credentials. Values are converted as before: an absent optional field is
 * left out (`removeUndefinedValues`), and no class instance is stored as a map.
 */
export function storeClient(options: { standIn?: string; maxAttempts?: number } = {}): StoreClient {
  const base = prepared(new DynamoDBClient(clientConfig({ standIn: options.standIn, maxAttempts: options.maxAttempts ?? 3 })));
  return DynamoDBDocumentClient.from(base, { marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false } });
}
