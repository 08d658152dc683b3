/**
 * The ONE table, as both the CDK stack and the embedded default create it. Physical indexes are
 * generic (gsi1…gsi5); access patterns are named in lib/store/keys/ and the modules that own them.
 */
export const TABLE_KEYS = { partitionKey: 'pk', sortKey: 'sk' } as const;

/** Items with this attribute (epoch seconds) expire: idempotency records, rate-limit windows, sessions. */
export const TTL_ATTRIBUTE = 'ttl';

/** What an index copies of each item: all of it, or its keys and the attributes named. */
export type IndexProjection = { type: 'ALL' } | { type: 'INCLUDE'; attributes: readonly string[] };

const ALL = { type: 'ALL' } as const;

export const GLOBAL_INDEXES = [
  { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk', projection: ALL },
  { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk', projection: ALL },
  { indexName: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk', projection: ALL },
  { indexName: 'gsi4', partitionKey: 'gsi4pk', sortKey: 'gsi4sk', projection: ALL },
  // The request log's listing (lib/request-log/list.ts): what choosing and counting entries reads, never
  // their bodies; a page's entries are then read whole by key (docs/decisions.md, "Listing the log").
  {
    indexName: 'gsi5',
    partitionKey: 'gsi5pk',
    sortKey: 'gsi5sk',
    projection: { type: 'INCLUDE', attributes: ['method', 'status', 'path', TTL_ATTRIBUTE] } as IndexProjection,
  },
] as const;

export type IndexName = (typeof GLOBAL_INDEXES)[number]['indexName'];

/** Only items whose `entity` is this value feed the webhook fan-out (stream filter). */
export const EVENT_ENTITY = 'event';

/** An event committed with its change, waiting for the sequencer (lib/event-log/sequencer/); never fanned out. */
export const PENDING_EVENT_ENTITY = 'event_pending';

/** Attribute definitions for CreateTable: every key attribute is a string. */
export function attributeDefinitions(): { AttributeName: string; AttributeType: 'S' }[] {
  const names = [TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey, ...GLOBAL_INDEXES.flatMap((i) => [i.partitionKey, i.sortKey])];
  return names.map((AttributeName) => ({ AttributeName, AttributeType: 'S' as const }));
}
