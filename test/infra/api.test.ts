import { FALLBACK_HANDLER, ROUTES, type Route } from '../../lib/routes';
import { familyRootOf, isSharedPath } from '../../infra/aws/route-families';
import { apiOf, liveAliasOf, PROD_FULL, synthStage } from './support/synth';

const s = synthStage();
const { parent, resources } = s;
const api = apiOf(s);
const functionsByName = new Map(
  resources.filter((r) => r.type === 'AWS::Lambda::Function').map((r) => [r.props.FunctionName as string, r]),
);
const methodAt = (path: string, httpMethod: string) => api.methods.filter((m) => m.path === path && m.httpMethod === httpMethod);
const descriptionOf = (template: (typeof resources)[number]['template']) => String(template.toJSON().Description ?? '');

/** Every path of the tree: each route's path and the paths above it. */
const treePaths = [
  ...new Set(ROUTES.flatMap((r) => r.path.split('/').map((_, i, parts) => parts.slice(0, i + 1).join('/') || '/'))),
].sort();

describe('the REST API of a stage', () => {
  it.each(ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))('%s has its own function behind its own method', (_name, route) => {
    const name = `papi-preview-${route.operation}`;
    const fn = functionsByName.get(name);
    expect(fn).toBeDefined();
    expect(fn!.props.Description).toBe(`${route.method} ${route.path}`);
    expect(fn!.props.Runtime).toBe('nodejs24.x');
    expect(fn!.props.Architectures).toEqual(['arm64']);
    const [method, ...more] = methodAt(route.path, route.method);
    expect(more).toEqual([]);
    expect(method.integrationType).toBe('AWS_PROXY');
    expect(method.target).toBe(name);
  });

  it('builds each path of the tree once, in exactly one stack (API Gateway refuses a path defined twice)', () => {
    const built = api.resources.map((r) => r.path).sort();
    expect(new Set(built).size).toBe(built.length);
    expect(built).toEqual([...treePaths.filter((p) => p !== '/'), '/v1/{proxy+}', '/{proxy+}'].sort());
  });

  it('puts each route’s function, permission, method and resources in its family’s nested stack', () => {
    const familyOf = (route: Route) => `routes under ${familyRootOf(route.path)}`;
    for (const route of ROUTES) {
      const fn = functionsByName.get(`papi-preview-${route.operation}`)!;
      const [method] = methodAt(route.path, route.method);
      expect({ route: route.operation, fn: descriptionOf(fn.template), method: descriptionOf(method.template) }).toEqual({
        route: route.operation,
        fn: expect.stringContaining(familyOf(route)),
        method: expect.stringContaining(familyOf(route)),
      });
      const permission = resources.find(
        (r) => r.type === 'AWS::Lambda::Permission' && r.template === fn.template && r.props.FunctionName.Ref === liveAliasOf(s, fn),
      );
      expect(permission).toBeDefined();
    }
    for (const resource of api.resources.filter((r) => !isSharedPath(r.path) && !r.path.endsWith('{proxy+}'))) {
      expect({ path: resource.path, stack: descriptionOf(resource.template) }).toEqual({
        path: resource.path,
        stack: expect.stringContaining(`routes under ${familyRootOf(resource.path)}`),
      });
    }
  });

  it('keeps only what every family shares in the parent: the root, the shared prefixes, their fallbacks and the catch-alls', () => {
    const inParent = api.resources
      .filter((r) => r.template === parent)
      .map((r) => r.path)
      .sort();
    expect(inParent).toEqual([
      '/dashboard',
      '/dashboard/api',
      '/dashboard/api/webhook-endpoints',
      '/dashboard/api/webhook-endpoints/{id}',
      '/dashboard/webhook-endpoints',
      '/dashboard/webhook-endpoints/{id}',
      '/v1',
      '/v1/companies',
      '/v1/companies/{companyID}',
      '/v1/sandbox',
      '/v1/sandbox/companies',
      '/v1/sandbox/companies/{companyID}',
      '/v1/{proxy+}',
      '/{proxy+}',
    ]);
    const methodsInParent = api.methods.filter((m) => m.template === parent);
    expect(methodsInParent.every((m) => m.httpMethod === 'ANY' && m.target === 'papi-preview-fallback')).toBe(true);
    expect(
      resources.filter(
        (r) =>
          r.template === parent &&
          r.type === 'AWS::Lambda::Function' &&
          ROUTES.some((route) => r.props.FunctionName === `papi-preview-${route.operation}`),
      ),
    ).toEqual([]);
  });

  it('answers unknown methods and paths with the fallback function on every resource and the catch-alls', () => {
    expect(functionsByName.get('papi-preview-fallback')).toBeDefined();
    for (const path of treePaths) {
      const any = methodAt(path, 'ANY');
      expect({ path, targets: any.map((m) => m.target) }).toEqual({ path, targets: ['papi-preview-fallback'] });
    }
    for (const catchAll of ['/{proxy+}', '/v1/{proxy+}']) {
      expect(methodAt(catchAll, 'ANY').map((m) => m.target)).toEqual(['papi-preview-fallback']);
    }
    // Nothing else: a method per route, ANY per path of the tree, two catch-alls.
    expect(api.methods).toHaveLength(ROUTES.length + treePaths.length + 2);
    expect(FALLBACK_HANDLER).toBe('functions/api/fallback.ts');
  });

  it('lets API Gateway invoke each function only through its own method, and the fallback through any', () => {
    const permissions = resources.filter((r) => r.type === 'AWS::Lambda::Permission');
    expect(permissions).toHaveLength(ROUTES.length + 1);
    for (const route of ROUTES) {
      const arnPath = `/sandbox-preview/${route.method}${route.path.replace(/\{[^}]+\}/g, '*')}`;
      expect(permissions.some((p) => JSON.stringify(p.props.SourceArn).includes(arnPath))).toBe(true);
    }
    expect(permissions.some((p) => JSON.stringify(p.props.SourceArn).includes('/sandbox-preview/*/*'))).toBe(true);
  });

  it('deploys the stage only after every family’s stack: its methods and the functions they invoke exist', () => {
    const all = Object.entries(parent.toJSON().Resources as Record<string, any>);
    const deployments = all.filter(([, r]) => r.Type === 'AWS::ApiGateway::Deployment');
    expect(deployments).toHaveLength(1);
    const familyStacks = all.filter(([id, r]) => r.Type === 'AWS::CloudFormation::Stack' && id.startsWith('Routes')).map(([id]) => id);
    expect(familyStacks.length).toBe(new Set(ROUTES.map((r) => familyRootOf(r.path))).size);
    expect(deployments[0][1].DependsOn).toEqual(expect.arrayContaining(familyStacks));
  });

  it('gives the stage a new deployment when a method in a family’s stack changes (CDK’s own hash sees only the parent’s)', () => {
    const getMe = ROUTES.find((r) => r.operation === 'getMe')!;
    const products = ROUTES.find((r) => r.operation === 'listProducts')!;
    const deploymentOf = (routes: Route[]) => {
      const small = synthStage('sandbox-preview', { routes, entries: {} });
      return Object.entries(small.parent.toJSON().Resources as Record<string, any>).find(
        ([, r]) => r.Type === 'AWS::ApiGateway::Deployment',
      )![0];
    };
    const before = deploymentOf([getMe, products]);
    expect(deploymentOf([getMe, { ...products, method: 'POST' }])).not.toBe(before);
    expect(deploymentOf([getMe, { ...products, path: '/v1/products/{productID}' }])).not.toBe(before);
    expect(deploymentOf([getMe, { ...products }])).toBe(before);
  });

  it('reshapes the gateway’s own refusals into the spec’s envelope (unknown deeper paths are 404 resource_missing)', () => {
    const missing = resources.find(
      (r) => r.type === 'AWS::ApiGateway::GatewayResponse' && r.props.ResponseType === 'MISSING_AUTHENTICATION_TOKEN',
    )!;
    expect(missing.props.StatusCode).toBe('404');
    expect(JSON.stringify(missing.props.ResponseTemplates)).toContain('resource_missing');
    const throttled = resources.find((r) => r.type === 'AWS::ApiGateway::GatewayResponse' && r.props.ResponseType === 'THROTTLED')!;
    expect(throttled.props.StatusCode).toBe('429');
    // Even the gateway's own answers carry HSTS, nosniff and no-store .
    for (const response of resources.filter((r) => r.type === 'AWS::ApiGateway::GatewayResponse')) {
      expect(response.props.ResponseParameters).toMatchObject({
        'gatewayresponse.header.Strict-Transport-Security': "'max-age=63072000; includeSubDomains'",
        'gatewayresponse.header.X-Content-Type-Options': "'nosniff'",
        'gatewayresponse.header.Cache-Control': "'no-store'",
      });
    }
  });

  it('writes JSON access logs without a token in them and throttles the stage as a backstop far above the per-key limits', () => {
    const stage = resources.find((r) => r.type === 'AWS::ApiGateway::Stage')!;
    expect(stage.props.StageName).toBe('sandbox-preview');
    expect(() => JSON.parse(stage.props.AccessLogSetting.Format)).not.toThrow();
    expect(JSON.parse(stage.props.AccessLogSetting.Format)).toMatchObject({ requestId: '$context.requestId', status: '$context.status' });
    // The resource's path, never the request's: a path may carry a status-link token or a verification session id.
    expect(JSON.parse(stage.props.AccessLogSetting.Format).resource).toBe('$context.resourcePath');
    expect(stage.props.AccessLogSetting.Format).not.toMatch(/\$context\.path\b/);
    expect(stage.props.AccessLogSetting.Format).not.toMatch(/\$context\.(requestOverride|identity\.(apiKey|user\b))/);
    const settings = stage.props.MethodSettings[0];
    expect(settings.ThrottlingRateLimit).toBeGreaterThan(30);
    expect(settings.MetricsEnabled).toBe(true);
  });

  it('maps a custom domain when one is given', () => {
    const { resources: withDomain } = synthStage('prod', PROD_FULL);
    expect(withDomain.some((r) => r.type === 'AWS::ApiGateway::DomainName' && r.props.DomainName === 'api.example.com')).toBe(true);
    expect(withDomain.some((r) => r.type === 'AWS::ApiGateway::BasePathMapping')).toBe(true);
  });
});
