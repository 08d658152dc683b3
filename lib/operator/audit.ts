import { userInfo } from 'node:os';
import { nowIso } from '../clock';
import { auditRecordsOfMonth, putAuditRecord } from '../store/entities/operator-audit';
import { auditOfMonthInAws, postAudit } from './audit-trail';
import type { AuditRecord } from './audit-record';
import type { Target } from './target';
import { variable } from '../config/variables';

export type { AuditOutcome, AuditRecord } from './audit-record';

/** Who is running, as they name themselves: `--as`, else `OPS_OPERATOR`, else the OS account (with the host). */
export function operatorName(asFlag?: string): string {
  if (asFlag) return asFlag;
  const named = variable('OPS_OPERATOR');
  if (named) return named;
  let user = 'unknown';
  try {
    user = userInfo().username;
  } catch {
    // no passwd entry (some containers): fall back to the environment
    user = variable('USER') ?? 'unknown';
  }
  return `${user}@${variable('HOSTNAME')}`;
}

/**
 * Records one act where the target keeps its audit: a deployed stage through its audit function (the
 * operator's AWS identity verified by AWS, in a log group the operator role cannot change), the
 * embedded default in its table.
 */
export async function recordAudit(target: Target, entry: Omit<AuditRecord, 'at'>): Promise<AuditRecord> {
  if (target.audit) {
    const { operator, ...act } = entry;
    return postAudit(target.audit.url, target.region, { ...act, named_as: operator });
  }
  const record: AuditRecord = { ...entry, at: nowIso() };
  await putAuditRecord(record);
  return record;
}

/** The acts of one month (`YYYY-MM`), oldest first, from where the target keeps them. */
export async function auditOfMonth(month: string, target?: Target): Promise<AuditRecord[]> {
  if (target?.audit) return auditOfMonthInAws(target.audit.logGroup, target.region, month);
  return auditRecordsOfMonth(month);
}
