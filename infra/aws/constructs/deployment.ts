import { Aws, Duration, Stack, Validations } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, type IAlarm, MathExpression, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import {
  type ILambdaApplication,
  type ILambdaDeploymentConfig,
  LambdaApplication,
  LambdaDeploymentConfig,
  LambdaDeploymentGroup,
} from 'aws-cdk-lib/aws-codedeploy';
import { type IRole, ManagedPolicy, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import type { StageSettings } from '../stages';
import { runbookUrl } from './on-call';
import type { ServiceFunction } from './service-function';

/** The runbook of every alarm a gradual deploy rolls back on (docs/runbooks/deploy-rollback.md). */
export const DEPLOY_RUNBOOK = 'deploy-rollback';

/** How CodeDeploy moves a function's `live` alias to its new version, by the stage's `trafficShift` setting. */
export const TRAFFIC_SHIFTS = {
  /** 10 % of invocations on the new version for 5 minutes, then all of them, unless an alarm fires first. */
  'canary-10-percent-5-minutes': LambdaDeploymentConfig.CANARY_10PERCENT_5MINUTES,
  /** 10 % more every minute for 10 minutes. */
  'linear-10-percent-every-minute': LambdaDeploymentConfig.LINEAR_10PERCENT_EVERY_1MINUTE,
  /** At once, still rolled back when an alarm fires while the deployment runs (previews). */
  'all-at-once': LambdaDeploymentConfig.ALL_AT_ONCE,
} satisfies Record<StageSettings['trafficShift'], ILambdaDeploymentConfig>;

/**
 * Gradual deploys of a stage: one CodeDeploy application and service role, the API's 5xx-rate and
 * latency alarms every deployment watches, and (`shift`) a deployment group with the function's own
 * errors alarm for each function whose new code must prove itself on part of the traffic first: the
 * API's write routes and the webhook pipeline. CloudFormation hands the `live` alias's update to
 * CodeDeploy, which shifts traffic by the stage's `trafficShift` and puts the alias back on the
 * previous version when any of the group's alarms fires (docs/platform.md, "Rolling back").
 */
export class GradualDeploys extends Construct {
  readonly application: LambdaApplication;
  readonly role: Role;
  /** The API's alarms that roll back any deployment while it runs. */
  readonly apiAlarms: Alarm[];
  private readonly config: ILambdaDeploymentConfig;
  /** What a nested stack imports once: the application, the role and the API's alarms. */
  private readonly imported = new Map<Stack, { application: ILambdaApplication; role: IRole; apiAlarms: IAlarm[] }>();

  constructor(
    scope: Construct,
    id: string,
    private readonly props: { settings: StageSettings; apiName: string },
  ) {
    super(scope, id);
    const { settings } = props;
    this.config = TRAFFIC_SHIFTS[settings.trafficShift];
    this.application = new LambdaApplication(this, 'Application', { applicationName: `${settings.prefix}-functions` });
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('codedeploy.amazonaws.com'),
      description: `${settings.prefix}: CodeDeploy shifts the functions' live aliases and reads their alarms`,
      managedPolicies: [ManagedPolicy.fromAwsManagedPolicyName('service-role/AWSCodeDeployRoleForLambdaLimited')],
    });
    Validations.of(this.role).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSCodeDeployRoleForLambdaLimited]',
      reason:
        "AWS's documented policy for CodeDeploy on Lambda (update and read aliases, read alarms, publish to CodeDeployTopic* topics); no function uses a managed policy.",
    });
    const api = (metricName: string, statistic: string) =>
      new Metric({
        namespace: 'AWS/ApiGateway',
        metricName,
        statistic,
        period: Duration.minutes(1),
        dimensionsMap: { ApiName: props.apiName, Stage: settings.name },
      });
    this.apiAlarms = [
      this.alarm(this, 'Api5xx', {
        name: 'api-5xx',
        meaning: 'While a deploy runs: more than 2 % of API requests answered 5xx in each of 2 minutes (the deploy rolls back)',
        metric: new MathExpression({
          expression: 'IF(count >= 20, 100 * e5 / count, 0)',
          usingMetrics: { count: api('Count', 'Sum'), e5: api('5XXError', 'Sum') },
          label: '5xx % of requests',
          period: Duration.minutes(1),
        }),
        threshold: 2,
        periods: 2,
      }),
      this.alarm(this, 'ApiLatency', {
        name: 'api-latency',
        meaning: 'While a deploy runs: API p99 latency above 3 s in each of 3 minutes (the deploy rolls back)',
        metric: api('Latency', 'p99'),
        threshold: 3000,
        periods: 3,
      }),
    ];
  }

  /**
   * Shifts `target`'s `live` alias gradually: a deployment group in the function's own stack, rolled
   * back on the function's errors (an unhandled error or a timeout in a minute, 3 or more) and on the
   * API's alarms. Its errors alarm is the function's `<name>-deploy-errors`.
   */
  shift(target: ServiceFunction): LambdaDeploymentGroup {
    const stack = Stack.of(target);
    const shared = this.sharedIn(stack);
    const errors = this.alarm(target, 'DeployErrors', {
      name: `${target.functionName.slice(this.props.settings.prefix.length + 1)}-deploy-errors`,
      meaning: `While a deploy runs: ${target.functionName} failed 3 or more invocations in a minute (the deploy rolls back)`,
      metric: target.fn.metricErrors({ period: Duration.minutes(1), statistic: 'Sum' }),
      threshold: 3,
      periods: 1,
    });
    return new LambdaDeploymentGroup(target, 'Deploys', {
      deploymentGroupName: target.functionName,
      application: shared.application,
      alias: target.live,
      deploymentConfig: this.config,
      role: shared.role,
      alarms: [errors, ...shared.apiAlarms],
      autoRollback: { failedDeployment: true, stoppedDeployment: true, deploymentInAlarm: true },
    });
  }

  /** The application, role and API alarms as `stack` sees them: its own, or imported once into a nested stack. */
  private sharedIn(stack: Stack): { application: ILambdaApplication; role: IRole; apiAlarms: IAlarm[] } {
    if (stack === Stack.of(this)) return { application: this.application, role: this.role, apiAlarms: this.apiAlarms };
    let shared = this.imported.get(stack);
    if (!shared) {
      const scope = new Construct(stack, 'GradualDeploys');
      shared = {
        // By reference (a nested stack parameter): the stack waits for the parent's application, role and alarms.
        application: LambdaApplication.fromLambdaApplicationName(scope, 'Application', this.application.applicationName),
        role: Role.fromRoleArn(scope, 'Role', this.role.roleArn, { mutable: false }),
        apiAlarms: this.apiAlarms.map((a, i) => Alarm.fromAlarmName(scope, `ApiAlarm${i}`, a.alarmName)),
      };
      this.imported.set(stack, shared);
    }
    return shared;
  }

  /** An alarm of a deploy: it pages the stage's alarm topic (on-call/topic.ts names it) and links its runbook. */
  private alarm(
    scope: Construct,
    id: string,
    spec: { name: string; meaning: string; metric: Metric | MathExpression; threshold: number; periods: number },
  ): Alarm {
    const { settings } = this.props;
    const alarm = new Alarm(scope, id, {
      alarmName: `${settings.prefix}-${spec.name}`,
      alarmDescription: `${spec.meaning}. Runbook: ${runbookUrl(DEPLOY_RUNBOOK, settings.runbookBaseUrl)}`,
      metric: spec.metric,
      threshold: spec.threshold,
      evaluationPeriods: spec.periods,
      datapointsToAlarm: spec.periods,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    // The topic by its literal ARN: it lives in the on-call stack, which no family stack waits for.
    const topic = Topic.fromTopicArn(
      scope,
      `${id}Topic`,
      `arn:${Aws.PARTITION}:sns:${Aws.REGION}:${Aws.ACCOUNT_ID}:${settings.prefix}-alarms`,
    );
    alarm.addAlarmAction(new SnsAction(topic));
    alarm.addOkAction(new SnsAction(topic));
    return alarm;
  }
}
