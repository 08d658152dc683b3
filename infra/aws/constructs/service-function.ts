import { AssetHashType, DockerImage, Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { METRICS_NAMESPACE, SERVICE_NAME } from '../../../lib/observability/metric-names';
import { Alias, Architecture, Code, Function as LambdaFunction, Runtime, RuntimeFamily, Tracing } from 'aws-cdk-lib/aws-lambda';
import { Effect, PolicyDocument, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { BUNDLE_HANDLER, bundleFunction, type FunctionBundles, REPO_ROOT } from '../bundling';

/** Node 24 on arm64, the runtime every npm script runs on here (package.json `engines`); built by name should an older aws-cdk-lib lack the constant. */
export const NODE_RUNTIME: Runtime =
  (Runtime as unknown as Record<string, Runtime | undefined>).NODEJS_24_X ?? new Runtime('nodejs24.x', RuntimeFamily.NODEJS);

/**
 * The alias every caller invokes: API Gateway, the event-source mappings, the schedules, the audit's URL.
 * A deploy publishes a version and moves this alias to it (gradually where infra/aws/constructs/deployment.ts
 * says so); a rollback moves it back to the version before (docs/platform.md, "Rolling back").
 */
export const LIVE_ALIAS = 'live';

export interface ServiceFunctionProps {
  /** Physical name: `<prefix>-<operation>`, what on-call sees in the console and on the dashboard. */
  functionName: string;
  entry: string;
  /** The one build of the stack's bundles that this function's comes from; without it, its entry is bundled alone. */
  bundles?: FunctionBundles;
  description: string;
  environment: Record<string, string>;
  statements: PolicyStatement[];
  /** cdk-nag findings on `statements` that are by design (see access/grants.ts). */
  acknowledgedFindings?: string[];
  logRetention: RetentionDays;
  removalPolicy: RemovalPolicy;
  timeout?: Duration;
  memorySize?: number;
  reservedConcurrentExecutions?: number;
  /**
   * API functions get a role that nothing else can add to: every right is in `statements`, derived
   * from their code. Pipeline functions let their event sources add the consume rights they need.
   */
  sealedRole?: boolean;
}

/**
 * One Lambda function the way every function of this system is built: its own role holding only its
 * own statements (no managed policies), its own log group with the stage's retention, bundled
 * locally with esbuild as ESM, minified, with source maps, Powertools configured from the env.
 */
export class ServiceFunction extends Construct {
  readonly fn: LambdaFunction;
  /** The `live` alias on the version this deploy published: what every caller invokes. */
  readonly live: Alias;
  readonly role: Role;
  readonly functionName: string;

  constructor(scope: Construct, id: string, props: ServiceFunctionProps) {
    super(scope, id);
    this.functionName = props.functionName;
    if (props.functionName.length > 64)
      throw new Error(`Function name ${props.functionName} is longer than 64 characters: shorten the operation name.`);
    const logGroup = new LogGroup(this, 'Logs', {
      logGroupName: `/aws/lambda/${props.functionName}`,
      retention: props.logRetention,
      removalPolicy: props.removalPolicy,
    });
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `${props.functionName}: only what its code calls`,
      inlinePolicies: {
        run: new PolicyDocument({
          statements: [
            new PolicyStatement({
              effect: Effect.ALLOW,
              actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
              resources: [logGroup.logGroupArn],
            }),
            // X-Ray has no resource-level permissions: `*` is the only resource these two actions take.
            new PolicyStatement({ effect: Effect.ALLOW, actions: ['xray:PutTelemetryRecords', 'xray:PutTraceSegments'], resources: ['*'] }),
            ...props.statements,
          ],
        }),
      },
    });
    Validations.of(this.role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'Only actions that take no resource but *: xray:PutTraceSegments and xray:PutTelemetryRecords, and for the fan-out dynamodb:ListStreams (added by its stream event source); every other statement names its resources.',
    });
    for (const id of props.acknowledgedFindings ?? []) {
      Validations.of(this.role).acknowledge({
        id,
        reason: 'Object-level rights on the files bucket name its objects as bucket/*; the actions are named one by one from the code.',
      });
    }
    this.fn = new LambdaFunction(this, 'Fn', {
      functionName: props.functionName,
      description: props.description,
      code: bundledCode(props.entry, props.bundles),
      handler: BUNDLE_HANDLER,
      runtime: NODE_RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 1024,
      timeout: props.timeout ?? Duration.seconds(10),
      reservedConcurrentExecutions: props.reservedConcurrentExecutions,
      tracing: Tracing.ACTIVE,
      // A deploy's new version leaves the one before in place (CloudFormation would delete it): the
      // alias can be moved back to it in minutes (docs/platform.md, "Rolling back").
      currentVersionOptions: { removalPolicy: RemovalPolicy.RETAIN },
      logGroup,
      role: props.sealedRole === false ? this.role : this.role.withoutPolicyUpdates(),
      environment: {
        NODE_OPTIONS: '--enable-source-maps',
        POWERTOOLS_SERVICE_NAME: SERVICE_NAME,
        POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
        POWERTOOLS_LOG_LEVEL: 'INFO',
        LOG_LEVEL: 'INFO',
        ...props.environment,
      },
    });
    // A version per change of code or configuration (its id is their hash); earlier ones are kept, so the
    // alias can be moved back to one within minutes.
    this.live = new Alias(this, 'Live', { aliasName: LIVE_ALIAS, version: this.fn.currentVersion });
  }
}

/**
 * The function's code: its entry bundled on this machine by esbuild (no Docker), the asset named by
 * the hash of what was built. When a synthesis skips bundling (the infra tests' `bundling-stacks`
 * context), the CDK names the asset without calling this, so `bundles` builds nothing.
 */
function bundledCode(entry: string, bundles?: FunctionBundles): Code {
  return Code.fromAsset(REPO_ROOT, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      // Required by the type, never pulled: local bundling always succeeds or throws.
      image: DockerImage.fromRegistry('local-esbuild-only'),
      // The CDK caches bundles by these options (the function below is not part of the key): the entry
      // must be, or every function of a synthesis would get the first one's bundle.
      command: ['esbuild', entry],
      local: {
        tryBundle(outputDir: string): boolean {
          if (bundles) bundles.bundle(entry, outputDir);
          else bundleFunction(entry, outputDir);
          return true;
        },
      },
    },
  });
}
