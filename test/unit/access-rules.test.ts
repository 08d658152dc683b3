import { ipAllowed, isCidr } from '../../lib/auth/ip-allow-list';
import { grants } from '../../lib/auth/scopes';
import { modeOfSecret } from '../../lib/auth/api-key';
import { idPattern, newId } from '../../lib/ids';

describe('IP allow-lists', () => {
  it('allows anyone when the list is empty', () => expect(ipAllowed([], '198.51.100.7')).toBe(true));
  it('matches IPv4 and IPv6 CIDRs and bare addresses', () => {
    const list = ['203.0.113.0/24', '2001:db8::/32', '198.51.100.7'];
    expect(ipAllowed(list, '203.0.113.200')).toBe(true);
    expect(ipAllowed(list, '203.0.114.1')).toBe(false);
    expect(ipAllowed(list, '2001:db8:1::5')).toBe(true);
    expect(ipAllowed(list, '198.51.100.7')).toBe(true);
    expect(ipAllowed(list, 'not-an-ip')).toBe(false);
  });
  it('recognises well-formed CIDRs only', () => {
    expect(['10.0.0.0/8', '::1/128', '192.0.2.1'].every(isCidr)).toBe(true);
    expect(['10.0.0.0/33', '10.0.0/8', 'x/1', '::/129', '1.2.3.4/8/1'].some(isCidr)).toBe(false);
  });
});

describe('scopes', () => {
  it('lets * hold everything and write imply read', () => {
    expect(grants(['*'], 'companies:write')).toBe(true);
    expect(grants(['companies:write'], 'companies:read')).toBe(true);
    expect(grants(['companies:read'], 'companies:write')).toBe(false);
    expect(grants(['events:read'], 'companies:read')).toBe(false);
    expect(grants([], undefined)).toBe(true);
  });
});

describe('keys and ids', () => {
  it('picks the mode from the key prefix', () => {
    expect(modeOfSecret('svc_live_abc')).toBe('live');
    expect(modeOfSecret('svc_test_abc')).toBe('test');
    expect(modeOfSecret('sk_live_abc')).toBeUndefined();
  });
  it('mints ids of prefix + 22 base62 characters', () => {
    for (const kind of ['company', 'account', 'event', 'shareholder', 'partner'] as const) {
      expect(newId(kind)).toMatch(idPattern(kind));
      expect(newId(kind)).toMatch(/^[a-z]+_[0-9A-Za-z]{22}$/);
    }
  });
});
