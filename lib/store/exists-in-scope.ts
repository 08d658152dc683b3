import { GetCommand, QueryCommand } from './dynamodb';
import { db, tableName } from './client';
import {
  accountKey,
  companyKey,
  eventKey,
  filePointerKey,
  invoiceKey,
  requirementPointerKey,
  serviceOrderByIdIndex,
  taxFilingByIdIndex,
} from './keys';
import type { Scope } from '../scope';

type ById =
  | { kind: 'key'; key: (scope: Scope, id: string) => { pk: string; sk: string } }
  | { kind: 'index'; entry: (scope: Scope, id: string) => { pk: string; sk: string } };

/** Where an object of each id prefix is found by its id alone, in one scope (partner and mode). */
const BY_PREFIX: Readonly<Record<string, ById>> = {
  cmp_: { kind: 'key', key: companyKey },
  acct_: { kind: 'key', key: accountKey },
  rqmt_: { kind: 'key', key: requirementPointerKey },
  file_: { kind: 'key', key: filePointerKey },
  evt_: { kind: 'key', key: eventKey },
  in_: { kind: 'key', key: invoiceKey },
  so_: { kind: 'index', entry: serviceOrderByIdIndex },
  tf_: { kind: 'index', entry: taxFilingByIdIndex },
};

/**
 * Whether an object with this id exists in `scope`: one read by key (or one index query) for the ids
 * whose kind is stored so; undefined for a kind it cannot tell (it then says nothing either way).
 */
export async function existsInScope(scope: Scope, id: string): Promise<boolean | undefined> {
  const prefix = /^[a-z]+_/.exec(id)?.[0];
  const where = prefix !== undefined && Object.hasOwn(BY_PREFIX, prefix) ? BY_PREFIX[prefix] : undefined;
  if (!where) return undefined;
  if (where.kind === 'key') {
    const res = await db().send(new GetCommand({ TableName: tableName(), Key: where.key(scope, id), ProjectionExpression: 'pk' }));
    return res.Item !== undefined;
  }
  const entry = where.entry(scope, id);
  const res = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :sk',
      ExpressionAttributeValues: { ':pk': entry.pk, ':sk': entry.sk },
      ProjectionExpression: 'pk',
      Limit: 1,
    }),
  );
  return (res.Items?.length ?? 0) > 0;
}
