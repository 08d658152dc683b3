import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { Mode } from '../scope';
import { isLocal } from '../config';

/**
 * Where we agree to POST webhooks. Our functions make these requests from inside AWS, so an endpoint
 * URL must never point back into a private network or at the instance metadata service (SSRF).
 * Checked when an endpoint is created and again by the delivery worker before every attempt (DNS can
 * change after creation): every address a host resolves to must be public.
 *
 * - live mode: `https` only; test mode may use `http` (a developer's tunnel), never a private address.
 * - live mode: port 443 only (a webhook receiver is a web server; another port is how an address's
 *   other services, such as a database or an admin console, would be reached).
 * - the embedded default (STAGE=local) also allows loopback (`127.0.0.1`, `localhost`, `[::1]`),
 *   with http or https, in both modes, so a developer can receive deliveries on their own machine.
 */

export type UrlVerdict = { ok: true; url: URL; addresses: string[] } | { ok: false; reason: string; how_to_fix: string };

export type Resolver = (host: string) => Promise<string[]>;

const systemResolver: Resolver = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

let resolver: Resolver = systemResolver;

/** Tests replace DNS (no network here); returns a function that restores the previous resolver. */
export function setResolver(next: Resolver): () => void {
  const previous = resolver;
  resolver = next;
  return () => {
    resolver = previous;
  };
}

export const MAX_URL_LENGTH = 2048;

/** The one port a live endpoint may name (stated in docs/guide/security.md). */
export const LIVE_PORTS: readonly string[] = ['443'];

/**
 * The longest we wait for DNS. A lookup is a call out like the POST itself, and the system resolver
 * has no deadline of ours: a hanging name server held an endpoint's creation, or a delivery before its
 * 15 s timeout even started, for as long as the resolver's own retries ran (docs/decisions.md,
 * "Signing and call-out safety").
 */
export const DNS_TIMEOUT_MS = 5_000;

/** The resolver's answer, or a failure once DNS_TIMEOUT_MS has passed (the lookup itself cannot be cancelled). */
function resolveInTime(host: string): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('DNS timeout')), DNS_TIMEOUT_MS);
  });
  return Promise.race([resolver(host), late]).finally(() => clearTimeout(timer));
}

/** Addresses never reachable through a webhook: private, loopback, link-local (metadata), reserved. */
const NOT_PUBLIC_V4 = (() => {
  const list = new BlockList();
  for (const [net, bits] of [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.0.2.0', 24],
    ['192.88.99.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['198.51.100.0', 24],
    ['203.0.113.0', 24],
    ['224.0.0.0', 4],
    ['240.0.0.0', 4],
  ] as const)
    list.addSubnet(net, bits, 'ipv4');
  return list;
})();

/** Kept apart from the IPv4 list: a BlockList matches IPv4 addresses against `::ffff:0:0/96` rules. */
const NOT_PUBLIC_V6 = (() => {
  const list = new BlockList();
  for (const [net, bits] of [
    // IPv4-compatible addresses (deprecated; `[::7f00:1]` is 127.0.0.1 to some stacks), `::` and `::1` among them.
    ['::', 96],
    ['::ffff:0:0', 96],
    // IPv4-translated (SIIT, RFC 2765): `[::ffff:0:7f00:1]` is 127.0.0.1 behind a translator.
    ['::ffff:0:0:0', 96],
    ['64:ff9b::', 96],
    ['64:ff9b:1::', 48],
    ['100::', 64],
    ['2001::', 23],
    ['2001:db8::', 32],
    ['2002::', 16],
    ['fc00::', 7],
    ['fe80::', 10],
    ['fec0::', 10],
    ['ff00::', 8],
  ] as const)
    list.addSubnet(net, bits, 'ipv6');
  return list;
})();

const LOOPBACK = (() => {
  const list = new BlockList();
  list.addSubnet('127.0.0.0', 8, 'ipv4');
  list.addAddress('::1', 'ipv6');
  return list;
})();

/** Is this address one a webhook may be delivered to? (IPv4-mapped IPv6 is judged as its IPv4.) */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (!family) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPublicAddress(mapped[1]);
  return family === 4 ? !NOT_PUBLIC_V4.check(address, 'ipv4') : !NOT_PUBLIC_V6.check(address, 'ipv6');
}

function isLoopback(address: string): boolean {
  const family = isIP(address);
  return family !== 0 && LOOPBACK.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const refuse = (reason: string, how_to_fix: string): UrlVerdict => ({ ok: false, reason, how_to_fix });

export async function checkWebhookUrl(raw: string, mode: Mode, options: { local?: boolean } = {}): Promise<UrlVerdict> {
  const local = options.local ?? isLocal();
  if (raw.length > MAX_URL_LENGTH) return refuse(`The URL is longer than ${MAX_URL_LENGTH} characters.`, 'Use a shorter URL.');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse('Not an absolute URL.', 'Send a full URL such as https://example.com/webhooks.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return refuse(`The scheme ${url.protocol} is not supported.`, 'Use an https:// URL.');
  if (url.username || url.password)
    return refuse('The URL carries credentials.', 'Remove the user:password part; verify deliveries by their signature instead.');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const loopbackName = host === 'localhost' || isLoopback(host);
  if (local && loopbackName) return { ok: true, url, addresses: [host === 'localhost' ? '127.0.0.1' : host] };
  if (mode === 'live' && url.protocol !== 'https:')
    return refuse('Live-mode endpoints must use https.', 'Serve the endpoint over TLS and send an https:// URL.');
  if (mode === 'live' && !LIVE_PORTS.includes(url.port || '443'))
    return refuse(
      `Live-mode endpoints must use port 443, not ${url.port}.`,
      `Serve the endpoint on the https default port and drop the port: https://${url.hostname}${url.pathname}.`,
    );

  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    let timedOut = false;
    try {
      addresses = await resolveInTime(host);
    } catch (error) {
      timedOut = (error as Error).message === 'DNS timeout';
      addresses = [];
    }
    if (timedOut)
      return refuse(
        `The host ${host} did not resolve within ${DNS_TIMEOUT_MS / 1000} s.`,
        'Check that the host name has a DNS record its name servers answer for, then try again.',
      );
    if (addresses.length === 0) return refuse(`The host ${host} does not resolve.`, 'Use a host name with a public DNS record.');
  }
  const blocked = addresses.find((a) => !isPublicAddress(a));
  if (blocked) {
    return refuse(
      `The host ${host} resolves to ${blocked}, a private, loopback, link-local or reserved address.`,
      local
        ? 'Use a public address, or http://127.0.0.1:<port> while developing locally.'
        : 'Use a host that resolves only to public addresses.',
    );
  }
  return { ok: true, url, addresses };
}
