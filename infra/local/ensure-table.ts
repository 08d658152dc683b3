import {
  CreateTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  type TableDescription,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  ResourceNotFoundException,
} from '@aws-sdk/client-dynamodb';
import { setTimeout as sleep } from 'node:timers/promises';
import { attributeDefinitions, GLOBAL_INDEXES, type IndexProjection, TABLE_KEYS, TTL_ATTRIBUTE } from '../../lib/store/table-definition';

/**
 * Creates the table from the same definition the CDK stack uses, or adds the indexes a newer
 * definition has that an existing local table lacks (data in .local/ survives upgrades).
 */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<void> {
  let existing: TableDescription | undefined;
  try {
    existing = (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  if (!existing) {
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: attributeDefinitions(),
        KeySchema: [
          { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
          { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: GLOBAL_INDEXES.map((i) => ({
          IndexName: i.indexName,
          KeySchema: [
            { AttributeName: i.partitionKey, KeyType: 'HASH' },
            { AttributeName: i.sortKey, KeyType: 'RANGE' },
          ],
          Projection: projectionOf(i),
        })),
        StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_IMAGE' },
      }),
    );
    await client.send(
      new UpdateTimeToLiveCommand({ TableName: tableName, TimeToLiveSpecification: { Enabled: true, AttributeName: TTL_ATTRIBUTE } }),
    );
    return;
  }
  const have = new Set((existing.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName));
  for (const index of GLOBAL_INDEXES.filter((i) => !have.has(i.indexName))) {
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: attributeDefinitions(),
        GlobalSecondaryIndexUpdates: [
          {
            Create: {
              IndexName: index.indexName,
              KeySchema: [
                { AttributeName: index.partitionKey, KeyType: 'HASH' },
                { AttributeName: index.sortKey, KeyType: 'RANGE' },
              ],
              Projection: projectionOf(index),
            },
          },
        ],
      }),
    );
    await sleep(200);
  }
}

/** An index's projection as CreateTable and UpdateTable take it. */
function projectionOf(index: { projection: IndexProjection }) {
  return index.projection.type === 'ALL'
    ? { ProjectionType: 'ALL' as const }
    : { ProjectionType: 'INCLUDE' as const, NonKeyAttributes: [...index.projection.attributes] };
}
