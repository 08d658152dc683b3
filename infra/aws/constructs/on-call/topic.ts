import { SlackChannelConfiguration } from 'aws-cdk-lib/aws-chatbot';
import { SubscriptionProtocol, Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription, UrlSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import type { StageSettings } from '../../stages';

/** The stage's alarm topic, with e-mail and a pager (production requires both: stages.ts): an alarm at 3 a.m. must wake someone. */
export function alarmTopic(scope: Construct, settings: StageSettings): Topic {
  const topic = new Topic(scope, 'Alarms', {
    topicName: `${settings.prefix}-alarms`,
    displayName: `Partner API ${settings.name} alarms`,
    enforceSSL: true,
  });
  if (settings.alarms.email) topic.addSubscription(new EmailSubscription(settings.alarms.email));
  const pager = settings.alarms.pager;
  if (pager?.kind === 'https') topic.addSubscription(new UrlSubscription(pager.url, { protocol: SubscriptionProtocol.HTTPS }));
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
