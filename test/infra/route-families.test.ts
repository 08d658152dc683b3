import { ROUTES, type Route } from '../../lib/routes';
import { familiesOf, familyRootOf, familyStackId, isSharedPath } from '../../infra/aws/route-families';

const route = (path: string, operation = path): Route => ({
  method: 'GET',
  path,
  operation,
  handler: 'functions/api/get-me.ts',
  audience: 'partner',
});

describe('route families (one nested stack each)', () => {
  it.each([
    ['/v1/companies', '/v1/companies'],
    ['/v1/companies/{companyID}', '/v1/companies/{companyID}'],
    ['/v1/companies/{companyID}/fixed-assets/{fixedAssetID}', '/v1/companies/{companyID}/fixed-assets'],
    ['/v1/sandbox/companies/{companyID}/tax-filings', '/v1/sandbox/companies/{companyID}/tax-filings'],
    ['/v1/sandbox/billing/run', '/v1/sandbox/billing'],
    ['/dashboard/api/keys/{keyID}/revoke', '/dashboard/api/keys'],
    ['/dashboard/keys', '/dashboard/keys'],
    ['/dashboard', '/dashboard'],
    ['/status/{token}', '/status'],
    ['/v1/openapi.json', '/v1/openapi.json'],
  ])('puts %s in the family %s', (path, root) => {
    expect(familyRootOf(path)).toBe(root);
  });

  it('shares only the root and the prefixes with the parent', () => {
    const shared = [
      '/',
      '/v1',
      '/v1/sandbox',
      '/v1/companies',
      '/v1/companies/{companyID}',
      '/v1/sandbox/companies',
      '/v1/sandbox/companies/{companyID}',
      '/dashboard',
      '/dashboard/api',
    ];
    expect(shared.filter((p) => !isSharedPath(p))).toEqual([]);
    expect(['/v1/companies/{companyID}/files', '/dashboard/keys', '/status', '/v1/sandbox/billing', '/docs'].filter(isSharedPath)).toEqual(
      [],
    );
  });

  it('keeps a route’s family whatever routes are added beside it', () => {
    const before = familiesOf(ROUTES);
    const after = familiesOf([
      ...ROUTES,
      route('/v1/name-availability'),
      route('/v1/companies/{companyID}/preview', 'previewCompany'),
      route('/dashboard/api/request-log'),
    ]);
    for (const [root, routes] of before) expect(after.get(root)!.slice(0, routes.length)).toEqual(routes);
  });

  it('names each family’s stack after its root, and refuses two roots that would share a name', () => {
    expect(familyStackId('/v1/tax-filings')).toBe('RoutesV1TaxFilings');
    expect(familyStackId('/v1/openapi.json')).toBe('RoutesV1OpenapiJson');
    expect(familyStackId('/v1/companies/{companyID}/tax-filings')).toBe('RoutesV1CompaniesCompanyIDTaxFilings');
    expect(() => familiesOf([route('/v1/tax-filings'), route('/v1/tax_filings')])).toThrow(
      /would share the nested stack RoutesV1TaxFilings/,
    );
  });
});
