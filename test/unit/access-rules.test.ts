import { ipAllowed, isCidr } from '../../lib/auth/ip-allow-list';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { grants } from '../../lib/auth/scopes';
import { authorizeExpansions, EXPANDABLE, EXPANSION_SCOPE } from '../../lib/companies/params';
import { ApiError } from '../../lib/errors';
import { ROUTES } from '../../lib/routes';
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

describe('expansions', () => {
  it('need the read scope of what they embed, held as grants holds it', () => {
    expect(() => authorizeExpansions(['companies:read'], undefined)).not.toThrow();
    expect(() => authorizeExpansions(['*'], [...EXPANDABLE])).not.toThrow();
    expect(() => authorizeExpansions(['accounts:write', 'requirements:read', 'orders:read'], [...EXPANDABLE])).not.toThrow();
    for (const expansion of EXPANDABLE) {
      let refused: unknown;
      try {
        authorizeExpansions(['companies:read'], [expansion]);
      } catch (e) {
        refused = e;
      }
      expect(refused).toBeInstanceOf(ApiError);
      expect((refused as ApiError).code).toBe('insufficient_scope');
      expect((refused as ApiError).errors?.[0]).toMatchObject({ location: '$.expand[]', validation_type: 'scope' });
      expect((refused as ApiError).errors?.[0].how_to_fix).toContain(`'${EXPANSION_SCOPE[expansion]}'`);
    }
  });

  it('are authorized by every operation whose query takes expand[]', () => {
    const takingExpand = ROUTES.filter((r) => r.query instanceof z.ZodObject && 'expand[]' in r.query.shape);
    expect(takingExpand.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      'GET /v1/companies',
      'GET /v1/companies/{companyID}',
      'POST /v1/companies',
      'POST /v1/companies/preview',
    ]);
    for (const route of takingExpand)
      expect(readFileSync(join(__dirname, '../..', route.handler), 'utf8')).toContain(
        "authorizeExpansions(caller.key.scopes, query['expand[]'])",
      );
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
