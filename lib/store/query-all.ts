import { QueryCommand, type QueryCommandOutput } from './dynamodb';
import { db } from './client';

type QueryInput = ConstructorParameters<typeof QueryCommand>[0];

/**
 * The pages of a Query, following LastEvaluatedKey: each page's items, its count (for `Select: 'COUNT'`)
 * and the response itself (its `ConsumedCapacity`, when asked for).
 */
export async function* queryPages(
  input: QueryInput,
): AsyncGenerator<{ items: Record<string, unknown>[]; count: number; response: QueryCommandOutput }> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const res = await db().send(new QueryCommand({ ...input, ExclusiveStartKey: startKey }));
    yield { items: res.Items ?? [], count: res.Count ?? 0, response: res };
    startKey = res.LastEvaluatedKey;
  } while (startKey);
}

/** Every item of a Query, page after page. */
export async function queryAll(input: QueryInput): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for await (const page of queryPages(input)) out.push(...page.items);
  return out;
}
