import { BlockList, isIP } from 'node:net';

/** Is a CIDR (`203.0.113.0/24`, `2001:db8::/32`) or a bare address well formed? */
export function isCidr(value: string): boolean {
  const [address, bits, extra] = value.split('/');
  if (extra !== undefined || !address) return false;
  const family = isIP(address);
  if (!family) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

/** Empty list = any address. Otherwise the caller must fall inside one of the CIDRs. */
export function ipAllowed(allowList: readonly string[] | undefined, ip: string): boolean {
  if (!allowList || allowList.length === 0) return true;
  const family = isIP(ip);
  if (!family) return false;
  const list = new BlockList();
  for (const cidr of allowList) {
    const [address, bits] = cidr.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return list.check(ip, family === 6 ? 'ipv6' : 'ipv4');
}
