import type { AuditRecord } from '../store/entities/operator-audit';

export type { AuditRecord };
export type AuditOutcome = AuditRecord['outcome'];
