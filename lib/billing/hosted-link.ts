import { createHmac, timingSafeEqual } from 'node:crypto';
import { config } from '../config';
import type { Scope } from '../scope';

/**
 * The `hosted_url` of an invoice: a keyless page reachable only through a link minted on each fetch
 * of the invoice, valid for one hour (docs/decisions.md). The token is the invoice's address and its
 * expiry, signed with a server key: unguessable without the key, and nothing to store or clean up.
 */
export const HOSTED_LINK_LIFETIME_MS = 60 * 60 * 1000;

interface HostedTarget {
  partnerId: string;
  mode: Scope['mode'];
  invoiceId: string;
  expiresAt: number;
}

function key(): string {
  return process.env.HOSTED_LINK_SIGNING_KEY ?? process.env.CURSOR_SIGNING_KEY ?? 'local-development-hosted-link-key';
}

const mac = (data: string) => createHmac('sha256', key()).update(data).digest('base64url');

export function hostedInvoiceUrl(scope: Scope, invoiceId: string, nowMs: number): string {
  const data = Buffer.from(
    JSON.stringify({ p: scope.partnerId, m: scope.mode, i: invoiceId, e: nowMs + HOSTED_LINK_LIFETIME_MS }),
  ).toString('base64url');
  return `${config().publicUrl}/invoices/hosted/${data}.${mac(data)}`;
}

/** The invoice a token names, or undefined when it is forged, garbled or expired. */
export function readHostedToken(token: string, nowMs: number): HostedTarget | undefined {
  const [data, signature, extra] = token.split('.');
  if (!data || !signature || extra !== undefined) return undefined;
  const expected = mac(data);
  if (signature.length !== expected.length || !timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) return undefined;
  try {
    const p = JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as { p: string; m: Scope['mode']; i: string; e: number };
    if (typeof p.e !== 'number' || p.e <= nowMs) return undefined;
    return { partnerId: p.p, mode: p.m, invoiceId: p.i, expiresAt: p.e };
  } catch {
    return undefined;
  }
}
