import { PutCommand, QueryCommand } from '../store/dynamodb';
import { userInfo } from 'node:os';
import { nowIso } from '../clock';
import { randomBase62 } from '../ids';
import { db, tableName } from '../store/client';
import { operatorAuditKey } from '../store/keys';

/** One operator run, as kept in the table: who ran what, on which data, and how it ended. */
export interface AuditRecord {
  run_id: string;
  operator: string;
  action: string;
  argv: string[];
  partner_id?: string;
  mode?: string;
  target: string;
  outcome: 'succeeded' | 'failed' | 'declined';
  error?: string;
  at: string;
}

/** Who is running: `--as`, else `OPS_OPERATOR`, else the OS account (with the host, so two machines differ). */
export function operatorName(asFlag?: string): string {
  if (asFlag) return asFlag;
  if (process.env.OPS_OPERATOR) return process.env.OPS_OPERATOR;
  let user = 'unknown';
  try {
    user = userInfo().username;
  } catch {
    // no passwd entry (some containers): fall back to the environment
    user = process.env.USER ?? 'unknown';
  }
  return `${user}@${process.env.HOSTNAME ?? 'local'}`;
}

export async function recordAudit(entry: Omit<AuditRecord, 'run_id' | 'at'>): Promise<AuditRecord> {
  const record: AuditRecord = { ...entry, run_id: randomBase62(16), at: nowIso() };
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...operatorAuditKey(record.at, record.run_id), entity: 'operator_audit', ...record },
    }),
  );
  return record;
}

/** The runs of one month (`YYYY-MM`), oldest first. */
export async function auditOfMonth(month: string): Promise<AuditRecord[]> {
  const res = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `OPS#AUDIT#${month}` },
    }),
  );
  return (res.Items ?? []) as AuditRecord[];
}
