import { existsSync } from 'node:fs';
import { FALLBACK_HANDLER, matchRoute, ROUTES, routesForPath } from '../../lib/routes';
import { isKeylessResource, notRoutable } from '../../lib/routes/not-routable';
import { gatewayResources, resolveRequest } from '../../infra/gateway/resources';

describe('the route table', () => {
  it('points every row at a handler file that exists', () => {
    for (const route of ROUTES) expect(existsSync(route.handler)).toBe(true);
    expect(existsSync(FALLBACK_HANDLER)).toBe(true);
  });

  it('declares each method and path once, and each operation name once', () => {
    const keys = ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(ROUTES.map((r) => r.operation)).size).toBe(ROUTES.length);
  });

  it('matches path templates and extracts parameters', () => {
    const routes = [
      { method: 'GET' as const, path: '/v1/companies/{companyID}', operation: 'x', handler: 'x', audience: 'partner' as const },
    ];
    expect(matchRoute(routes, 'GET', '/v1/companies/cmp_1')?.pathParameters).toEqual({ companyID: 'cmp_1' });
    expect(matchRoute(routes, 'POST', '/v1/companies/cmp_1')).toBeUndefined();
    expect(routesForPath(routes, '/v1/companies/cmp_1/extra')).toEqual([]);
  });

  it('answers 405 with Allow for a known path, 404 otherwise', () => {
    expect(notRoutable(ROUTES, 'POST', '/v1/me')).toMatchObject({ code: 'method_not_allowed', headers: { Allow: 'GET' } });
    expect(notRoutable(ROUTES, 'GET', '/v1/nothing')).toMatchObject({ code: 'resource_missing', status: 404 });
    // The gateway picks the most literal resource: /companies/preview (POST), not /companies/{companyID}.
    expect(notRoutable(ROUTES, 'GET', '/v1/companies/preview')).toMatchObject({ code: 'method_not_allowed', headers: { Allow: 'POST' } });
  });

  it('tells a resource whose every method needs no key (the OpenAPI document) from the rest', () => {
    expect(isKeylessResource(ROUTES, '/v1/openapi.json')).toBe(true);
    expect(isKeylessResource(ROUTES, '/v1/me')).toBe(false);
    expect(isKeylessResource(ROUTES, '/v1/nothing')).toBe(false);
    expect(isKeylessResource(ROUTES, '/v1/openapi.json/more')).toBe(false);
    // A resource with one keyless method and one keyed one is not keyless.
    const mixed = [
      { method: 'GET' as const, path: '/v1/x', audience: 'public' as const },
      { method: 'POST' as const, path: '/v1/x', audience: 'partner' as const },
    ];
    expect(isKeylessResource(mixed, '/v1/x')).toBe(false);
  });

  it('resolves requests as API Gateway does: the most specific resource with the method, parameters as sent', () => {
    const resources = gatewayResources(ROUTES);
    const at = (method: string, path: string) => {
      const r = resolveRequest(resources, method, path);
      return (
        r && {
          resource: r.resource,
          by: r.integration.kind === 'route' ? r.integration.route.operation : 'fallback',
          params: r.pathParameters,
        }
      );
    };
    expect(at('GET', '/v1/companies/cmp_%zz')).toEqual({
      resource: '/v1/companies/{companyID}',
      by: 'getCompany',
      params: { companyID: 'cmp_%zz' },
    });
    expect(at('GET', '/v1/companies/')).toEqual({ resource: '/v1/companies', by: 'listCompanies', params: null });
    expect(at('DELETE', '/v1/companies')).toEqual({ resource: '/v1/companies', by: 'fallback', params: null });
    expect(at('GET', '/v1/companies/x/nothing')).toEqual({
      resource: '/v1/{proxy+}',
      by: 'fallback',
      params: { proxy: 'companies/x/nothing' },
    });
    expect(at('GET', '/elsewhere/deep')).toEqual({ resource: '/{proxy+}', by: 'fallback', params: { proxy: 'elsewhere/deep' } });
    expect(at('GET', '/')).toEqual({ resource: '/', by: 'fallback', params: null });
    expect(at('HEAD', '/v1/me')).toEqual({ resource: '/v1/me', by: 'fallback', params: null });
    expect(at('TRACE', '/v1/me')).toBeUndefined();
    expect(at('GET', 'v1/me')).toBeUndefined();
  });
});
