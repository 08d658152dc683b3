import * as z from 'zod';
import { randomBase62 } from '../ids';
import { nowIso } from '../clock';
import type { AuditRecord } from './audit-record';

/** What the CLI sends: the act, never who did it (that comes from the request's signature). */
const actBody = z.strictObject({
  run_id: z.string().max(64).optional(),
  action: z.string().min(1).max(64),
  argv: z.array(z.string().max(4096)).max(64),
  partner_id: z.string().max(64).optional(),
  mode: z.enum(['live', 'test']).optional(),
  target: z.string().max(512),
  named_as: z.string().max(200).optional(),
  outcome: z.enum(['started', 'succeeded', 'failed', 'declined']),
  error: z.string().max(4096).optional(),
});

/** The caller as a Function URL with IAM auth hands it over: verified by AWS from the request's signature. */
export interface VerifiedCaller {
  userArn?: string;
  userId?: string;
  accountId?: string;
  callerId?: string;
}

/**
 * One operator act as the audit function records it (functions/operator/record-audit.ts): the act as
 * sent, with `operator` set to the caller's ARN as AWS verified it. Refuses an unsigned call or a body
 * that is not an act.
 */
export function auditEntryOf(body: string | undefined, caller: VerifiedCaller | undefined): AuditRecord {
  if (!caller?.userArn) throw new Error('no verified caller: the audit URL takes IAM-signed calls only');
  const act = actBody.parse(JSON.parse(body ?? '{}'));
  return {
    ...act,
    run_id: act.run_id ?? randomBase62(16),
    operator: caller.userArn,
    operator_user_id: caller.userId,
    operator_account: caller.accountId,
    at: nowIso(),
  };
}
