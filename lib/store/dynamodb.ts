import type * as Sdk from '@aws-sdk/lib-dynamodb';
import { marshall, type NativeAttributeValue, unmarshall } from '@aws-sdk/util-dynamodb';
import { AwsCommand, type Conversion, JsonClient } from '../aws/json-client';
import { reachOf } from '../aws/credentials';

/**
 * DynamoDB as this codebase calls it: the document client's commands (plain values in, plain values
 * out) over DynamoDB's JSON protocol (lib/aws/json-protocol.ts), without the generated SDK client.
 * That client, with its every operation's schema, its endpoint rules and its middleware, was the whole
 * of a function's import time beyond Node's own https (docs/decisions.md, "AWS clients
 * of our own"). The command classes keep the SDK document client's names, inputs and outputs (its types are
 * used as they are), and values are converted by the same `@aws-sdk/util-dynamodb` it uses, with the
 * same options: what a call sends and what it gets back are unchanged.
 */

type Item = Record<string, NativeAttributeValue>;
type Wire = Record<string, unknown>;

const mapValues = <T, U>(record: Record<string, T> | undefined, f: (v: T) => U): Record<string, U> | undefined =>
  record && Object.fromEntries(Object.entries(record).map(([k, v]) => [k, f(v)]));

/** The options the document client was created with before (removeUndefinedValues: an absent optional field is left out). */
const MARSHALL = { removeUndefinedValues: true, convertClassInstanceToMap: false } as const;
const toWire = (item: Item | undefined) => (item === undefined ? undefined : blobsEncoded(marshall(item, MARSHALL)));
const fromWire = (item: Wire | undefined) => (item === undefined ? undefined : unmarshall(mapValues(item, blobsDecoded) as never));

/**
 * A binary value (`B`, `BS`) goes on the wire as base64 text, as the SDK's serializer sends it. The
 * values are fresh from `marshall`, so they are rewritten in place, wherever they are nested.
 */
function blobsEncoded<T>(values: T): T {
  for (const value of Object.values(values as Record<string, unknown>)) {
    const v = value as { B?: unknown; BS?: unknown[]; M?: Wire; L?: unknown[] };
    if (ArrayBuffer.isView(v.B)) v.B = base64(v.B);
    else if (v.BS) v.BS = v.BS.map((b) => (ArrayBuffer.isView(b) ? base64(b) : b));
    else if (v.M) blobsEncoded(v.M);
    else if (v.L) blobsEncoded(v.L);
  }
  return values;
}
const base64 = (bytes: ArrayBufferView) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');

/** A binary value (`B`, `BS`) comes as base64 text; the SDK hands it over as bytes, wherever it is nested. */
function blobsDecoded(value: unknown): unknown {
  const v = value as { B?: string; BS?: string[]; M?: Wire; L?: unknown[] };
  if (typeof v.B === 'string') return { B: new Uint8Array(Buffer.from(v.B, 'base64')) };
  if (v.BS) return { BS: v.BS.map((b) => new Uint8Array(Buffer.from(b, 'base64'))) };
  if (v.M) return { M: mapValues(v.M, blobsDecoded) };
  if (v.L) return { L: v.L.map(blobsDecoded) };
  return value;
}

/** The fields of a single-item call, a query or a scan that hold values. */
function itemFields(input: Wire): Wire {
  const out: Wire = { ...input };
  for (const field of ['Key', 'Item', 'ExpressionAttributeValues', 'ExclusiveStartKey'] as const) {
    if (input[field] !== undefined) out[field] = toWire(input[field] as Item);
  }
  return out;
}

function itemOutput(output: Wire): Wire {
  const out: Wire = { ...output };
  for (const field of ['Item', 'Attributes', 'LastEvaluatedKey'] as const) if (output[field]) out[field] = fromWire(output[field] as Wire);
  if (output.Items) out.Items = (output.Items as Wire[]).map(fromWire);
  return out;
}

type KeysAndAttributes = { Keys?: Item[] } & Wire;
type WriteRequest = { PutRequest?: { Item: Item }; DeleteRequest?: { Key: Item } };

const keysOf = (table: KeysAndAttributes, convert: (item: never) => unknown) => ({
  ...table,
  Keys: table.Keys?.map((k) => convert(k as never)),
});
const writesOf = (writes: WriteRequest[], convert: (item: never) => unknown) =>
  writes.map((w) => ({
    ...(w.PutRequest && { PutRequest: { ...w.PutRequest, Item: convert(w.PutRequest.Item as never) } }),
    ...(w.DeleteRequest && { DeleteRequest: { ...w.DeleteRequest, Key: convert(w.DeleteRequest.Key as never) } }),
  }));

/** A transaction's entries (`{ Put: {...} }`, `{ Get: {...} }`…), each converted as its single-item call is. */
function transactItems(input: Wire): Wire {
  return { ...input, TransactItems: (input.TransactItems as Record<string, Wire>[]).map((entry) => mapValues(entry, itemFields)) };
}

const SINGLE: Conversion = { input: itemFields, output: itemOutput };
const CONVERSIONS: Record<string, Conversion> = {
  GetItem: SINGLE,
  PutItem: SINGLE,
  UpdateItem: SINGLE,
  DeleteItem: SINGLE,
  Query: SINGLE,
  Scan: SINGLE,
  BatchGetItem: {
    input: (input) => ({
      ...input,
      RequestItems: mapValues(input.RequestItems as Record<string, KeysAndAttributes>, (t) => keysOf(t, toWire)),
    }),
    output: (output) => ({
      ...output,
      Responses: mapValues(output.Responses as Record<string, Wire[]>, (items) => items.map(fromWire)),
      UnprocessedKeys: mapValues(output.UnprocessedKeys as Record<string, KeysAndAttributes>, (t) => keysOf(t, fromWire)),
    }),
  },
  BatchWriteItem: {
    input: (input) => ({
      ...input,
      RequestItems: mapValues(input.RequestItems as Record<string, WriteRequest[]>, (w) => writesOf(w, toWire)),
    }),
    output: (output) => ({
      ...output,
      UnprocessedItems: mapValues(output.UnprocessedItems as Record<string, WriteRequest[]>, (w) => writesOf(w, fromWire)),
    }),
  },
  TransactWriteItems: { input: transactItems, output: (output) => output },
  TransactGetItems: {
    input: transactItems,
    output: (output) => ({ ...output, Responses: (output.Responses as Wire[] | undefined)?.map(itemOutput) }),
  },
};

export type GetCommandInput = Sdk.GetCommandInput;
export type GetCommandOutput = Sdk.GetCommandOutput;
export type PutCommandInput = Sdk.PutCommandInput;
export type PutCommandOutput = Sdk.PutCommandOutput;
export type UpdateCommandInput = Sdk.UpdateCommandInput;
export type UpdateCommandOutput = Sdk.UpdateCommandOutput;
export type DeleteCommandInput = Sdk.DeleteCommandInput;
export type DeleteCommandOutput = Sdk.DeleteCommandOutput;
export type QueryCommandInput = Sdk.QueryCommandInput;
export type QueryCommandOutput = Sdk.QueryCommandOutput;
export type ScanCommandInput = Sdk.ScanCommandInput;
export type ScanCommandOutput = Sdk.ScanCommandOutput;
export type BatchGetCommandInput = Sdk.BatchGetCommandInput;
export type BatchGetCommandOutput = Sdk.BatchGetCommandOutput;
export type BatchWriteCommandInput = Sdk.BatchWriteCommandInput;
export type BatchWriteCommandOutput = Sdk.BatchWriteCommandOutput;
export type TransactWriteCommandInput = Sdk.TransactWriteCommandInput;
export type TransactWriteCommandOutput = Sdk.TransactWriteCommandOutput;
export type TransactGetCommandInput = Sdk.TransactGetCommandInput;
export type TransactGetCommandOutput = Sdk.TransactGetCommandOutput;

export class GetCommand extends AwsCommand<GetCommandInput, GetCommandOutput> {
  readonly operation = 'GetItem';
}
export class PutCommand extends AwsCommand<PutCommandInput, PutCommandOutput> {
  readonly operation = 'PutItem';
}
export class UpdateCommand extends AwsCommand<UpdateCommandInput, UpdateCommandOutput> {
  readonly operation = 'UpdateItem';
}
export class DeleteCommand extends AwsCommand<DeleteCommandInput, DeleteCommandOutput> {
  readonly operation = 'DeleteItem';
}
export class QueryCommand extends AwsCommand<QueryCommandInput, QueryCommandOutput> {
  readonly operation = 'Query';
}
export class ScanCommand extends AwsCommand<ScanCommandInput, ScanCommandOutput> {
  readonly operation = 'Scan';
}
export class BatchGetCommand extends AwsCommand<BatchGetCommandInput, BatchGetCommandOutput> {
  readonly operation = 'BatchGetItem';
}
export class BatchWriteCommand extends AwsCommand<BatchWriteCommandInput, BatchWriteCommandOutput> {
  readonly operation = 'BatchWriteItem';
}
export class TransactWriteCommand extends AwsCommand<TransactWriteCommandInput, TransactWriteCommandOutput> {
  readonly operation = 'TransactWriteItems';
}
export class TransactGetCommand extends AwsCommand<TransactGetCommandInput, TransactGetCommandOutput> {
  readonly operation = 'TransactGetItems';
}

/** The document client: `send(new GetCommand({...}))` answers as the SDK's `DynamoDBDocumentClient` did. */
export class StoreClient extends JsonClient {
  /** `standIn`: DynamoDB Local's URL (or a proxy in front of it); absent, the region's DynamoDB with the role's credentials. */
  constructor(options: { standIn?: string; maxAttempts?: number } = {}) {
    super(
      {
        ...reachOf('dynamodb', options.standIn),
        targetPrefix: 'DynamoDB_20120810',
        contentType: 'application/x-amz-json-1.0',
        maxAttempts: options.maxAttempts ?? 3,
      },
      CONVERSIONS,
    );
  }
}
