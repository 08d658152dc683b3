import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { CloudWatchLogsClient, FilterLogEventsCommand } from '@aws-sdk/client-cloudwatch-logs';
import type { AuditRecord } from './audit-record';

/**
 * The operator audit of a deployed stage. Every act is recorded through the stage's audit function
 * (functions/operator/record-audit.ts), called at its Function URL with the operator's own AWS
 * credentials (IAM auth): the function writes the act into its log group with the caller's identity
 * as AWS verified it from the signature, not as the CLI says it. The operator role may call that URL
 * and read that log group, nothing else of either: no one running the CLI can change or delete what
 * was recorded, or record an act under someone else's name.
 */

const bytes = (d: string | ArrayBuffer | ArrayBufferView): string | Uint8Array =>
  typeof d === 'string' ? d : d instanceof ArrayBuffer ? new Uint8Array(d) : new Uint8Array(d.buffer, d.byteOffset, d.byteLength);

/** Node's own SHA-256 in the shape the signer asks for (what the SDK's hash package wraps). */
class Sha256 {
  private readonly hash: Hash | Hmac;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = secret ? createHmac('sha256', bytes(secret)) : createHash('sha256');
  }
  update(data: string | ArrayBuffer | ArrayBufferView): void {
    this.hash.update(bytes(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
}

/** POSTs one act to the audit function; resolves to the entry as recorded (with the verified identity), or throws. */
export async function postAudit(url: string, region: string, act: Omit<AuditRecord, 'operator' | 'at'>): Promise<AuditRecord> {
  const target = new URL(url);
  const body = JSON.stringify(act);
  const signer = new SignatureV4({ service: 'lambda', region, credentials: defaultProvider(), sha256: Sha256 });
  const signed = await signer.sign({
    method: 'POST',
    protocol: target.protocol,
    hostname: target.hostname,
    path: target.pathname,
    headers: { host: target.hostname, 'content-type': 'application/json' },
    body,
  });
  const res = await fetch(url, { method: 'POST', headers: signed.headers, body, signal: AbortSignal.timeout(10_000) });
  const text = await res.text();
  if (!res.ok) throw new Error(`the audit function answered ${res.status}: ${text.slice(0, 200)}`);
  return JSON.parse(text) as AuditRecord;
}

/** The acts recorded in a month (`YYYY-MM`), oldest first, read from the audit log group. */
export async function auditOfMonthInAws(logGroup: string, region: string, month: string): Promise<AuditRecord[]> {
  const start = Date.parse(`${month}-01T00:00:00Z`);
  const end = new Date(start);
  end.setUTCMonth(end.getUTCMonth() + 1);
  const client = new CloudWatchLogsClient({ region });
  const out: AuditRecord[] = [];
  let nextToken: string | undefined;
  try {
    do {
      const page = await client.send(
        new FilterLogEventsCommand({
          logGroupName: logGroup,
          startTime: start,
          endTime: end.getTime() - 1,
          filterPattern: '{ $.operator_audit = true }',
          nextToken,
        }),
      );
      for (const e of page.events ?? []) out.push((JSON.parse(e.message ?? '{}') as { act: AuditRecord }).act);
      nextToken = page.nextToken;
    } while (nextToken);
  } finally {
    client.destroy();
  }
  return out;
}
