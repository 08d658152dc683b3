import { config } from '../config';
import type { Scope } from '../scope';
import { hostedLinkKeys } from '../signing-keys/hosted-link-keys';
import { macOf, signedByKeySet } from '../signing-keys/key-set';

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

/** A link signed with the hosted-link key's current key (its own secret: lib/signing-keys/hosted-link-keys.ts). */
export async function hostedInvoiceUrl(scope: Scope, invoiceId: string, nowMs: number): Promise<string> {
  const data = Buffer.from(
    JSON.stringify({ p: scope.partnerId, m: scope.mode, i: invoiceId, e: nowMs + HOSTED_LINK_LIFETIME_MS }),
  ).toString('base64url');
  return `${config().publicUrl}/invoices/hosted/${data}.${macOf((await hostedLinkKeys()).current, data)}`;
}

/**
 * The invoice a token names, or undefined when it is forged, garbled or expired, or when it claims to
 * live longer than HOSTED_LINK_LIFETIME_MS from now: however it was signed, no link outlives its hour.
 */
export async function readHostedToken(token: string, nowMs: number): Promise<HostedTarget | undefined> {
  const [data, signature, extra] = token.split('.');
  if (!data || !signature || extra !== undefined) return undefined;
  if (!signedByKeySet(await hostedLinkKeys(), data, signature)) return undefined;
  try {
    const p = JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as { p: string; m: Scope['mode']; i: string; e: number };
    if (typeof p.e !== 'number' || p.e <= nowMs || p.e > nowMs + HOSTED_LINK_LIFETIME_MS) return undefined;
    return { partnerId: p.p, mode: p.m, invoiceId: p.i, expiresAt: p.e };
  } catch {
    return undefined;
  }
}
