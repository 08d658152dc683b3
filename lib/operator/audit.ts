import { userInfo } from 'node:os';
import { nowIso } from '../clock';
import { randomBase62 } from '../ids';
import { type AuditRecord, auditRecordsOfMonth, putAuditRecord } from '../store/entities/operator-audit';

export type { AuditRecord };

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
  await putAuditRecord(record);
  return record;
}

/** The runs of one month (`YYYY-MM`), oldest first. */
export async function auditOfMonth(month: string): Promise<AuditRecord[]> {
  return auditRecordsOfMonth(month);
}
