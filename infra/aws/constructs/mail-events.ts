import {
  CloudWatchDimensionSource,
  ConfigurationSet,
  ConfigurationSetEventDestination,
  EmailSendingEvent,
  EventDestination,
} from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';

/** SES's own tag of every message sent through a configuration set: the CloudWatch dimension of its events. */
export const MAIL_EVENTS_DIMENSION = 'ses:configuration-set';

/** What SES records of each message: sent, refused, delivered, bounced, complained of. */
export const MAIL_EVENTS = [
  EmailSendingEvent.SEND,
  EmailSendingEvent.REJECT,
  EmailSendingEvent.DELIVERY,
  EmailSendingEvent.BOUNCE,
  EmailSendingEvent.COMPLAINT,
];

/**
 * The configuration set of a sending domain, named after the domain (not the stage), so a stage that
 * sends from another stage's identity (`email.ownsIdentity: false`) grants its sender the same one.
 */
export function mailConfigurationSetName(domain: string): string {
  return `mail-${domain.replace(/[^A-Za-z0-9-]/g, '-')}`.slice(0, 64);
}

/**
 * The identity's default configuration set (infra/aws/constructs/data.ts): every message from the
 * domain goes through it without the sender naming it, and SES records each message's sending,
 * refusal, delivery, bounce and complaint as CloudWatch metrics of this domain's own (AWS/SES, by
 * `ses:configuration-set`), beside the account's reputation metrics the on-call alarms watch
 * (infra/aws/constructs/on-call/email.ts).
 */
export function mailConfigurationSet(scope: Construct, domain: string): ConfigurationSet {
  const name = mailConfigurationSetName(domain);
  const set = new ConfigurationSet(scope, 'MailEvents', { configurationSetName: name, reputationMetrics: true });
  new ConfigurationSetEventDestination(scope, 'MailEventsToCloudWatch', {
    configurationSet: set,
    configurationSetEventDestinationName: 'cloudwatch',
    destination: EventDestination.cloudWatchDimensions([
      { name: MAIL_EVENTS_DIMENSION, source: CloudWatchDimensionSource.MESSAGE_TAG, defaultValue: name },
    ]),
    events: MAIL_EVENTS,
  });
  return set;
}
