import { Aws, Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, GraphWidget, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { gatewayEnvelope } from '../../gateway/responses';
import type { StageSettings } from '../stages';
import { runbookUrl } from './on-call';

/** The runbook of the blocked-requests surge alarm (docs/runbooks/waf-blocked-surge.md). */
export const WAF_RUNBOOK = 'waf-blocked-surge';
/** Blocked requests in 5 minutes, two periods running, that page: a flood or a rule blocking real traffic. */
export const BLOCKED_SURGE = 1000;

/**
 * The edge of the public API: a WAF web ACL on the stage, before any function runs. A per-address rate
 * rule (the stage's `waf.ratePerAddress` requests in 5 minutes; the keyless routes, /status, /verify,
 * sign-in and docs, have no key to rate by) answers 429 in the spec's envelope with `Retry-After`, and
 * AWS's common rule set blocks known-bad requests, its body-size rule only counted: uploads are larger
 * than its 8 KB, and the gateway already bounds bodies (REQUEST_TOO_LARGE).
 */
export class Edge extends Construct {
  readonly webAclName: string;

  constructor(scope: Construct, id: string, props: { settings: StageSettings; stageArn: string; docsUrl: string }) {
    super(scope, id);
    const { settings } = props;
    this.webAclName = `${settings.prefix}-api`;
    const visibility = (metricName: string) => ({ cloudWatchMetricsEnabled: true, sampledRequestsEnabled: true, metricName });
    const acl = new CfnWebACL(this, 'WebAcl', {
      name: this.webAclName,
      description: `${settings.prefix}: a per-address rate and the AWS common rule set in front of the API`,
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(this.webAclName),
      customResponseBodies: {
        'rate-limit': {
          contentType: 'APPLICATION_JSON',
          // No request id exists yet: the gateway never saw the request.
          content: gatewayEnvelope(
            { id: 'Waf', type: 'THROTTLED', code: 'rate_limit', detail: 'Too many requests from this address: retry after a minute.' },
            props.docsUrl,
            'none',
          ),
        },
      },
      rules: [
        {
          name: 'per-address-rate',
          priority: 0,
          action: {
            block: {
              customResponse: {
                responseCode: 429,
                customResponseBodyKey: 'rate-limit',
                responseHeaders: [{ name: 'Retry-After', value: '60' }],
              },
            },
          },
          statement: { rateBasedStatement: { limit: settings.waf.ratePerAddress, aggregateKeyType: 'IP', evaluationWindowSec: 300 } },
          visibilityConfig: visibility(`${this.webAclName}-per-address-rate`),
        },
        {
          name: 'aws-common-rule-set',
          priority: 1,
          overrideAction: { none: {} },
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name: 'AWSManagedRulesCommonRuleSet',
              ruleActionOverrides: [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }],
            },
          },
          visibilityConfig: visibility(`${this.webAclName}-aws-common`),
        },
      ],
    });
    new CfnWebACLAssociation(this, 'Association', { resourceArn: props.stageArn, webAclArn: acl.attrArn });

    const alarm = new Alarm(this, 'BlockedSurge', {
      alarmName: `${settings.prefix}-${WAF_RUNBOOK}`,
      alarmDescription: `The web ACL blocked ${BLOCKED_SURGE} or more requests in each of 2 five-minute periods. Runbook: ${runbookUrl(WAF_RUNBOOK, settings.runbookBaseUrl)}`,
      metric: this.blocked(),
      threshold: BLOCKED_SURGE,
      evaluationPeriods: 2,
      datapointsToAlarm: 2,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    // The stage's alarm topic by its literal ARN (constructs/on-call/topic.ts names it).
    const topic = Topic.fromTopicArn(this, 'Topic', `arn:${Aws.PARTITION}:sns:${Aws.REGION}:${Aws.ACCOUNT_ID}:${settings.prefix}-alarms`);
    alarm.addAlarmAction(new SnsAction(topic));
    alarm.addOkAction(new SnsAction(topic));
  }

  /** Requests the web ACL blocked, by rule (`ALL` for every rule). */
  blocked(rule = 'ALL'): Metric {
    return new Metric({
      namespace: 'AWS/WAFV2',
      metricName: 'BlockedRequests',
      statistic: 'Sum',
      period: Duration.minutes(5),
      dimensionsMap: { WebACL: this.webAclName, Region: Aws.REGION, Rule: rule },
      label: rule === 'ALL' ? 'blocked' : rule,
    });
  }

  /** The on-call dashboard's row of the edge: blocked requests, in all and by rule. */
  widget(): GraphWidget {
    return new GraphWidget({
      title: 'WAF: blocked requests (per address rate, AWS common rule set)',
      left: [this.blocked(), this.blocked('per-address-rate'), this.blocked('aws-common-rule-set')],
      width: 12,
    });
  }
}
