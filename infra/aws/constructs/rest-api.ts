import { Aws, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import {
  AccessLogFormat,
  BasePathMapping,
  DomainName,
  EndpointType,
  Integration,
  IntegrationType,
  LogGroupLogDestination,
  MethodLoggingLevel,
  Resource,
  ResponseType,
  RestApi,
  SecurityPolicy,
  type IResource,
} from 'aws-cdk-lib/aws-apigateway';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import { FilterPattern, LogGroup, MetricFilter } from 'aws-cdk-lib/aws-logs';
import { GATEWAY_THROTTLED_METRIC, METRICS_NAMESPACE } from '../../../lib/observability/metric-names';
import { Construct } from 'constructs';
import type { Route } from '../../../lib/routes';
import { gatewayResources } from '../../gateway/resources';
import { GATEWAY_RESPONSE_HEADERS, GATEWAY_RESPONSES, gatewayEnvelope, gatewayStatus } from '../../gateway/responses';
import { familyRootOf, heldByParent, isSharedPath } from '../route-families';
import type { StageSettings } from '../stages';

/** Every request body content type that API Gateway hands to Lambda base64-encoded (uploads); JSON stays text. */
export const BINARY_MEDIA_TYPES = ['multipart/form-data', 'application/octet-stream', 'application/pdf', 'image/png', 'image/jpeg'];

/**
 * The REST API of a stage: resources are the route table's FULL paths (`/v1/…`, `/dashboard/…`,
 * `/status/…`) and their prefixes, each route's method goes to its own function, and every resource
 * also has an `ANY` method to the fallback function, which answers 405 `method_not_allowed` (with
 * `Allow`) on a known path and 404 `resource_missing` elsewhere, after authenticating as any route
 * does. `ANY /{proxy+}` at the root and under `/v1` catches every other path: API Gateway falls back to
 * the most specific `{proxy+}` when no deeper resource serves a request. The tree is
 * infra/gateway/resources.ts, shared with the embedded gateway. Only a method outside `ANY` (TRACE,
 * PROPFIND…) matches nothing: the gateway's MISSING_AUTHENTICATION_TOKEN response, reshaped into the
 * spec's 404 envelope (without rate-limit headers: no function runs). The API, its stage, deployment,
 * gateway responses, shared prefixes and catch-alls live in the parent stack; each route family's
 * resources and methods live in the family's nested stack (infra/aws/route-families.ts).
 */
export class PartnerRestApi extends Construct {
  readonly api: RestApi;
  readonly accessLogs: LogGroup;
  readonly publicUrl: string;
  /** Where DNS must point: the custom domain's regional name, or the execute-api host. */
  readonly dnsTarget: string;
  /** The stage name as a literal: permissions name it without depending on the stage resource. */
  readonly stageName: string;
  private readonly resources = new Map<string, IResource>();

  constructor(scope: Construct, id: string, props: { settings: StageSettings; removalPolicy: RemovalPolicy }) {
    super(scope, id);
    const { settings } = props;
    const domainName = settings.domain?.name;
    const certificateArn = settings.domain?.certificateArn;
    this.accessLogs = new LogGroup(this, 'AccessLogs', {
      logGroupName: `/aws/apigateway/${settings.prefix}/access`,
      retention: settings.logRetention,
      removalPolicy: props.removalPolicy,
    });
    // The gateway's own throttle answers 429 before any function runs: counted from the access log, by stage.
    new MetricFilter(this, 'GatewayThrottled', {
      logGroup: this.accessLogs,
      filterPattern: FilterPattern.stringValue('$.errorType', '=', 'THROTTLED'),
      metricNamespace: METRICS_NAMESPACE,
      metricName: GATEWAY_THROTTLED_METRIC,
      metricValue: '1',
      dimensions: { Stage: '$.stage' },
    });
    this.api = new RestApi(this, 'Api', {
      restApiName: settings.prefix,
      description: `Partner API (${settings.name})`,
      endpointTypes: [EndpointType.REGIONAL],
      binaryMediaTypes: BINARY_MEDIA_TYPES,
      // The account-wide role API Gateway writes logs with (AWS::ApiGateway::Account, one per account
      // and region): made by the one stage that owns the account's pieces (stages.ts, `accountPieces`),
      // kept when that stack is deleted, since every stage of the account logs with it.
      cloudWatchRole: settings.accountPieces === 'self',
      ...(settings.accountPieces === 'self' ? { cloudWatchRoleRemovalPolicy: RemovalPolicy.RETAIN } : {}),
      disableExecuteApiEndpoint: Boolean(domainName),
      deployOptions: {
        stageName: settings.name,
        throttlingRateLimit: settings.throttle.rateLimit,
        throttlingBurstLimit: settings.throttle.burstLimit,
        accessLogDestination: new LogGroupLogDestination(this.accessLogs),
        accessLogFormat: AccessLogFormat.custom(JSON.stringify(ACCESS_LOG_FIELDS)),
        // Per-method metrics feed the dashboard's per-route graphs; execution logs only for errors.
        metricsEnabled: true,
        loggingLevel: MethodLoggingLevel.ERROR,
        dataTraceEnabled: false,
        // Off: X-Ray would keep each request's full URL (a status-link token in /status/<token>) for 30
        // days. The functions trace actively, with the route's template, never the path.
        tracingEnabled: false,
      },
    });
    Validations.of(this.api).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
      reason:
        "The account-level role API Gateway needs to write access logs; AWS's policy is the documented one for it. No function uses a managed policy.",
    });
    for (const rule of API_ACKNOWLEDGED) Validations.of(this.api).acknowledge(rule);
    this.resources.set('/', this.api.root);
    this.stageName = settings.name;
    this.publicUrl = domainName
      ? `https://${domainName}`
      : `https://${this.api.restApiId}.execute-api.${Aws.REGION}.${Aws.URL_SUFFIX}/${settings.name}`;

    if (domainName && certificateArn) {
      const domain = new DomainName(this, 'Domain', {
        domainName,
        certificate: Certificate.fromCertificateArn(this, 'Certificate', certificateArn),
        endpointType: EndpointType.REGIONAL,
        securityPolicy: SecurityPolicy.TLS_1_2,
      });
      // Production keeps its domain name whatever happens to the stack: a new one has a new DNS target.
      if (settings.production) domain.applyRemovalPolicy(RemovalPolicy.RETAIN);
      new BasePathMapping(this, 'Mapping', { domainName: domain, restApi: this.api, stage: this.api.deploymentStage });
      this.dnsTarget = domain.domainNameAliasDomainName;
    } else {
      this.dnsTarget = `${this.api.restApiId}.execute-api.${Aws.REGION}.${Aws.URL_SUFFIX}`;
    }
  }

  /** The gateway's own refusals in the spec's envelope (infra/gateway/responses.ts), so a partner parses one error shape. */
  addGatewayResponses(docsUrl: string): void {
    for (const response of GATEWAY_RESPONSES) {
      this.api.addGatewayResponse(response.id, {
        type: ResponseType.of(response.type),
        statusCode: String(gatewayStatus(response)),
        templates: { 'application/json': gatewayEnvelope(response, docsUrl, '$context.requestId') },
        // Static header values are single-quoted in a gateway response's mapping.
        responseHeaders: Object.fromEntries(Object.entries(GATEWAY_RESPONSE_HEADERS).map(([name, value]) => [name, `'${value}'`])),
      });
    }
  }

  /**
   * The resources and methods of infra/gateway/resources.ts, each in the stack that holds it
   * (route-families.ts): the root, the shared prefixes and the catch-alls with their `ANY` to the
   * fallback here in the parent; every other resource, and every route's method, in its family's
   * nested stack (`families.scopeOf(root)`).
   */
  addRoutes(
    routes: Route[],
    families: { scopeOf(root: string): Construct; targetOf(route: Route): MethodTarget },
    fallback: MethodTarget,
  ): void {
    const inParent = this.lambda(fallback.arn);
    const byFamily = new Map<string, FamilyMethod[]>();
    for (const { path, methods } of gatewayResources(routes)) {
      for (const [method, integration] of methods) {
        if (integration.kind === 'fallback' && heldByParent(path)) {
          resourceIn(this.resources, path).addMethod(method, inParent);
          continue;
        }
        const root = familyRootOf(path);
        const target = integration.kind === 'route' ? families.targetOf(integration.route) : fallback;
        byFamily.set(root, [...(byFamily.get(root) ?? []), { path, method, target }]);
      }
    }
    for (const [root, methods] of byFamily) this.addFamily(families.scopeOf(root), root, methods);
  }

  /**
   * One family's resources and methods in `scope`, its nested stack, which imports the REST API and the
   * shared resource the family hangs from by id, so the methods are resources of the nested stack. A
   * deployment snapshots the API only when its logical id changes, and CDK's own hash sees only the
   * parent's methods: each family adds its methods to the hash, and the deployment waits for the
   * family's stack, so the stage switches only once each method and the function it invokes exist.
   */
  private addFamily(scope: Construct, root: string, methods: FamilyMethod[]): void {
    const boundaryPath = isSharedPath(root) ? root : root.slice(0, root.lastIndexOf('/')) || '/';
    const boundary = this.resources.get(boundaryPath);
    if (!boundary)
      throw new Error(`The family ${root} hangs from ${boundaryPath}, which the parent stack does not hold (infra/aws/route-families.ts).`);
    const gateway = new Construct(scope, 'Api');
    for (const rule of API_ACKNOWLEDGED) Validations.of(gateway).acknowledge(rule);
    const api = RestApi.fromRestApiAttributes(gateway, 'RestApi', {
      restApiId: this.api.restApiId,
      rootResourceId: this.api.restApiRootResourceId,
    });
    const imported =
      boundaryPath === '/'
        ? api.root
        : Resource.fromResourceAttributes(gateway, 'Shared', { resourceId: boundary.resourceId, restApi: api, path: boundaryPath });
    const resources = new Map<string, IResource>([[boundaryPath, imported]]);
    for (const { path, method, target } of methods) resourceIn(resources, path).addMethod(method, this.lambda(target.arn));
    const deployment = this.api.latestDeployment!;
    deployment.addToLogicalId({
      family: root,
      integration: LAMBDA_INTEGRATION,
      methods: methods.map((m) => [m.method, m.path, m.target.name]),
    });
    deployment.node.addDependency(Stack.of(scope));
  }

  /** The execute-api ARN of a route's method, `{param}` segments as `*` (what a Lambda permission names). */
  methodArn(route: Route): string {
    return this.api.arnForExecuteApi(route.method, route.path.replace(/\{[^}]+\}/g, '*'), this.stageName);
  }

  /** Any method and path of this stage: the fallback's permission. */
  anyArn(): string {
    return this.api.arnForExecuteApi('*', '/*', this.stageName);
  }

  private lambda(functionArn: string): Integration {
    return new Integration({
      ...LAMBDA_INTEGRATION,
      uri: `arn:${Aws.PARTITION}:apigateway:${Aws.REGION}:lambda:path/2015-03-31/functions/${functionArn}/invocations`,
    });
  }
}

/** What a function gets behind each method: the whole request, by Lambda's invoke API. */
const LAMBDA_INTEGRATION = { type: IntegrationType.AWS_PROXY, integrationHttpMethod: 'POST' };

/** A method's function: its physical name (what a deployment's hash names) and its ARN. */
export interface MethodTarget {
  name: string;
  arn: string;
}

/** A method of a family: on which path, which HTTP method (or `ANY`), which function. */
interface FamilyMethod {
  path: string;
  method: string;
  target: MethodTarget;
}

/** The resource of `path` in `resources`, adding it and any missing parent under the nearest one present. */
function resourceIn(resources: Map<string, IResource>, path: string): IResource {
  const existing = resources.get(path);
  if (existing) return existing;
  const cut = path.lastIndexOf('/');
  if (path === '/' || cut < 0) throw new Error(`No resource above ${path} to hang it from.`);
  const parent = resourceIn(resources, cut === 0 ? '/' : path.slice(0, cut));
  const resource = parent.addResource(path.slice(cut + 1));
  resources.set(path, resource);
  return resource;
}

/** cdk-nag findings on the API that we accept, with the reason (its web ACL is constructs/edge.ts's). */
const API_ACKNOWLEDGED = [
  {
    id: 'AwsSolutions-APIG2',
    reason:
      "Requests are validated by each function with zod, which answers in the spec's error envelope (errors[] with location, validation_type, how_to_fix); gateway validation would answer in another shape.",
  },
  {
    id: 'AwsSolutions-APIG4',
    reason:
      "Authorization is the spec's API key (hashed keys in DynamoDB, scopes, expiry, IP allow-lists, per-key rate limits), checked by every function's middleware so that refusals carry the spec's codes; keyless routes (status links, docs) are public by design.",
  },
  { id: 'AwsSolutions-COG4', reason: "Partners authenticate with the spec's API keys, not Cognito users (see AwsSolutions-APIG4)." },
];

/**
 * One JSON line per request: what on-call filters by in Logs Insights. The path is the RESOURCE's
 * (`/status/{token}`), never `$context.path`: a path may hold a status-link token or a verification
 * session id, credentials kept only as hashes in the table, which a year of logs would keep in plain
 * text. `requestId` is the `apigw_request_id` on every line of the function's logs (lib/http/middleware/request-state.ts).
 */
export const ACCESS_LOG_FIELDS = {
  requestId: '$context.requestId',
  stage: '$context.stage',
  extendedRequestId: '$context.extendedRequestId',
  ip: '$context.identity.sourceIp',
  userAgent: '$context.identity.userAgent',
  requestTime: '$context.requestTime',
  method: '$context.httpMethod',
  resource: '$context.resourcePath',
  status: '$context.status',
  protocol: '$context.protocol',
  responseLength: '$context.responseLength',
  latency: '$context.responseLatency',
  integrationLatency: '$context.integration.latency',
  integrationStatus: '$context.integration.status',
  integrationError: '$context.integration.error',
  error: '$context.error.message',
  errorType: '$context.error.responseType',
};
