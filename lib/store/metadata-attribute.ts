/**
 * How `metadata` is stored: as its JSON text in one string attribute, `metadata_json`, not as a
 * DynamoDB map. The document client's marshalling (util-dynamodb) cannot keep every key a partner may
 * send: it loses a `__proto__` key both ways (written through an assignment, read back through
 * another) and refuses an object with a `constructor` key, while the spec keeps metadata "stored and
 * returned verbatim" (docs/decisions.md, "Hostile input at the edges"). JSON text keeps any key, and
 * the order of keys, as sent. Items written as a map before this keep being read.
 */
export const METADATA_ATTRIBUTE = 'metadata_json';

export function storedMetadata(metadata: Record<string, unknown> | undefined): Record<string, string> {
  return metadata === undefined ? {} : { [METADATA_ATTRIBUTE]: JSON.stringify(metadata) };
}

export function metadataOfItem(item: Record<string, unknown>): Record<string, unknown> | undefined {
  const text = item[METADATA_ATTRIBUTE];
  if (typeof text === 'string') return JSON.parse(text) as Record<string, unknown>;
  return item.metadata as Record<string, unknown> | undefined;
}

/** The codec of an entity whose record carries `metadata` (lib/store/entity.ts). */
export const metadataAsText = {
  encode: ({ metadata, ...rest }: { metadata?: Record<string, unknown> }): Record<string, unknown> => ({
    ...rest,
    ...storedMetadata(metadata),
  }),
  decode: (item: Record<string, unknown>) => ({ metadata: metadataOfItem(item) }),
  internal: [METADATA_ATTRIBUTE],
};
