import { FALLBACK_HANDLER, ROUTES } from '../../lib/routes';
import { routeGroupOf } from '../../infra/aws/partner-api-stack';
import { resourcePaths, synthStage } from './support/synth';

const { parent, resources } = synthStage();
const paths = resourcePaths(parent);
const methods = resources.filter((r) => r.type === 'AWS::ApiGateway::Method');
const pathOfMethod = (m: (typeof methods)[number]) => (m.props.ResourceId['Fn::GetAtt'] ? '/' : paths.get(m.props.ResourceId.Ref)!);
const uriOf = (m: (typeof methods)[number]) => JSON.stringify(m.props.Integration.Uri);
const functionsByName = new Map(resources.filter((r) => r.type === 'AWS::Lambda::Function').map((r) => [r.props.FunctionName as string, r]));

describe('the REST API of a stage', () => {
  it.each(ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))('%s has its own function behind its own method', (_name, route) => {
    const name = `papi-preview-${route.operation}`;
    const fn = functionsByName.get(name);
    expect(fn).toBeDefined();
    expect(fn!.props.Description).toBe(`${route.method} ${route.path}`);
    expect(fn!.props.Runtime).toBe('nodejs24.x');
    expect(fn!.props.Architectures).toEqual(['arm64']);
    const method = methods.find((m) => pathOfMethod(m) === route.path && m.props.HttpMethod === route.method);
    expect(method).toBeDefined();
    expect(method!.props.Integration.Type).toBe('AWS_PROXY');
    expect(uriOf(method!)).toContain(`:function:${name}/invocations`);
  });

  it('puts each route function in the nested stack of its area', () => {
    for (const route of ROUTES) {
      const fn = functionsByName.get(`papi-preview-${route.operation}`)!;
      expect(fn.template).not.toBe(parent);
      expect(JSON.stringify(fn.template.toJSON().Description ?? '')).toContain(routeGroupOf(route).toLowerCase());
    }
  });

  it('answers unknown methods and paths with the fallback function on every resource and the catch-alls', () => {
    const fallback = `papi-preview-fallback`;
    expect(functionsByName.get(fallback)).toBeDefined();
    const allPaths = ['/', ...paths.values()];
    for (const path of allPaths.filter((p) => !p.endsWith('{proxy+}'))) {
      const any = methods.find((m) => pathOfMethod(m) === path && m.props.HttpMethod === 'ANY');
      expect({ path, any: Boolean(any) }).toEqual({ path, any: true });
      expect(uriOf(any!)).toContain('Fallback');
    }
    for (const catchAll of ['/{proxy+}', '/v1/{proxy+}']) {
      const any = methods.find((m) => pathOfMethod(m) === catchAll && m.props.HttpMethod === 'ANY');
      expect(any).toBeDefined();
      expect(uriOf(any!)).toContain('Fallback');
    }
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

  it('reshapes the gateway’s own refusals into the spec’s envelope (unknown deeper paths are 404 resource_missing)', () => {
    const missing = resources.find((r) => r.type === 'AWS::ApiGateway::GatewayResponse' && r.props.ResponseType === 'MISSING_AUTHENTICATION_TOKEN')!;
    expect(missing.props.StatusCode).toBe('404');
    expect(JSON.stringify(missing.props.ResponseTemplates)).toContain('resource_missing');
    const throttled = resources.find((r) => r.type === 'AWS::ApiGateway::GatewayResponse' && r.props.ResponseType === 'THROTTLED')!;
    expect(throttled.props.StatusCode).toBe('429');
  });

  it('writes JSON access logs and throttles the stage as a backstop far above the per-key limits', () => {
    const stage = resources.find((r) => r.type === 'AWS::ApiGateway::Stage')!;
    expect(stage.props.StageName).toBe('sandbox-preview');
    expect(() => JSON.parse(stage.props.AccessLogSetting.Format)).not.toThrow();
    expect(JSON.parse(stage.props.AccessLogSetting.Format)).toMatchObject({ requestId: '$context.requestId', status: '$context.status' });
    const settings = stage.props.MethodSettings[0];
    expect(settings.ThrottlingRateLimit).toBeGreaterThan(30);
    expect(settings.MetricsEnabled).toBe(true);
  });

  it('maps a custom domain when one is given', () => {
    const { resources: withDomain } = synthStage('prod', { context: { domainName: 'api.example.com', certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc' } });
    expect(withDomain.some((r) => r.type === 'AWS::ApiGateway::DomainName' && r.props.DomainName === 'api.example.com')).toBe(true);
    expect(withDomain.some((r) => r.type === 'AWS::ApiGateway::BasePathMapping')).toBe(true);
  });
});
