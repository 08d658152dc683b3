import { defineEntity, UNSCOPED } from '../entity';
import { operatorAuditKey } from '../keys';
import { queryEvery } from '../query';
import { putItem } from '../single-item';

/**
 * One operator act: who ran what, on which data, and how it ended; a run is recorded when it starts and
 * when it ends (one partition per month). The embedded default keeps it in the table; a deployed stage
 * in its audit function's log group, where the operator cannot change it (lib/operator/audit-trail.ts).
 */
export interface AuditRecord {
  run_id: string;
  /** On a deployed stage, the caller's AWS ARN as AWS verified it; locally, `--as`, OPS_OPERATOR or the OS user. */
  operator: string;
  operator_user_id?: string;
  operator_account?: string;
  /** On a deployed stage, what the operator called themselves (`--as`), beside the verified ARN. */
  named_as?: string;
  action: string;
  argv: string[];
  partner_id?: string;
  mode?: string;
  target: string;
  outcome: 'started' | 'succeeded' | 'failed' | 'declined';
  error?: string;
  at: string;
}

/** A run's start and its end are two items: the outcome is part of the sort key. */
const operatorAuditEntity = defineEntity<AuditRecord>({
  name: 'operator_audit',
  key: (_scope, record) => operatorAuditKey(record.at, `${record.run_id}#${record.outcome}`),
});

export async function putAuditRecord(record: AuditRecord): Promise<void> {
  await putItem(operatorAuditEntity.item(UNSCOPED, record));
}

/** operatorAuditOfMonth: the runs of one month (`YYYY-MM`), oldest first. */
export async function auditRecordsOfMonth(month: string): Promise<AuditRecord[]> {
  const items = await queryEvery({ partition: operatorAuditKey(`${month}-01T00:00:00.000Z`, '').pk });
  return items.map(operatorAuditEntity.record);
}
