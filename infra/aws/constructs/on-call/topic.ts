import { Duration, Validations } from 'aws-cdk-lib';
import { ComparisonOperator, Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { SlackChannelConfiguration } from 'aws-cdk-lib/aws-chatbot';
import { SubscriptionProtocol, Topic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { EmailSubscription, UrlSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import type { StageSettings } from '../../stages';
import type { Area } from './props';

/** The stage's alarm topic, with e-mail and a pager (production requires both: stages.ts): an alarm at 3 a.m. must wake someone. */
export function alarmTopic(scope: Construct, settings: StageSettings): Topic {
  const topic = new Topic(scope, 'Alarms', {
    topicName: `${settings.prefix}-alarms`,
    displayName: `Partner API ${settings.name} alarms`,
    enforceSSL: true,
  });
  // What SNS could not deliver after its retries (a pager endpoint down, a bounced address) waits here,
  // and `pager-failed` alarms on the topic's failed notifications (docs/runbooks/pager-failed.md).
  const deadLetterQueue = new Queue(scope, 'AlarmsDlq', {
    queueName: `${settings.prefix}-alarms-dlq`,
    retentionPeriod: Duration.days(14),
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    // Kept in production like every DLQ: the alarms it holds are what nobody was woken for.
    removalPolicy: settings.removalPolicy,
  });
  Validations.of(deadLetterQueue).acknowledge({
    id: 'AwsSolutions-SQS3',
    reason: "This queue is itself the alarm subscriptions' dead-letter queue (a DLQ of a DLQ would only move the problem).",
  });
  if (settings.alarms.email) topic.addSubscription(new EmailSubscription(settings.alarms.email, { deadLetterQueue }));
  const pager = settings.alarms.pager;
  if (pager?.kind === 'https')
    topic.addSubscription(new UrlSubscription(pager.url, { protocol: SubscriptionProtocol.HTTPS, deadLetterQueue }));
  if (pager?.kind === 'slack') {
    new SlackChannelConfiguration(scope, 'Pager', {
      slackChannelConfigurationName: `${settings.prefix}-alarms`,
      slackWorkspaceId: pager.workspaceId,
      slackChannelId: pager.channelId,
      notificationTopics: [topic],
    });
  }
  return topic;
}

/**
 * The pager itself failing: SNS could not deliver a notification to a subscription (after its
 * retries; the message is in the alarms DLQ). It pages the same topic, so whichever of the e-mail and
 * the pager still works carries it (docs/runbooks/pager-failed.md).
 */
export function pagerAlarm({ props, alarms }: Area): void {
  alarms.add({
    runbook: 'pager-failed',
    meaning: 'SNS failed to deliver an alarm notification to a subscription of the alarm topic (the pager or the e-mail)',
    metric: new Metric({
      namespace: 'AWS/SNS',
      metricName: 'NumberOfNotificationsFailed',
      statistic: 'Sum',
      period: Duration.minutes(5),
      dimensionsMap: { TopicName: `${props.settings.prefix}-alarms` },
    }),
    threshold: 0,
    periods: 1,
    comparison: ComparisonOperator.GREATER_THAN_THRESHOLD,
  });
}
