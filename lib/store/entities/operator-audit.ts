import { operatorAuditKey } from '../keys';
import { queryEvery } from '../query';
import { putItem } from '../single-item';

/** One operator run, as kept in the table: who ran what, on which data, and how it ended (one partition per month). */
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

export async function putAuditRecord(record: AuditRecord): Promise<void> {
  await putItem({ ...operatorAuditKey(record.at, record.run_id), entity: 'operator_audit', ...record });
}

/** operatorAuditOfMonth: the runs of one month (`YYYY-MM`), oldest first. */
export async function auditRecordsOfMonth(month: string): Promise<AuditRecord[]> {
  const items = await queryEvery({ partition: operatorAuditKey(`${month}-01T00:00:00.000Z`, '').pk });
  return items as unknown as AuditRecord[];
}
