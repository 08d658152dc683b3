import { Duration } from 'aws-cdk-lib';
import { ComparisonOperator, GraphWidget, type IWidget, Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { MAIL_EVENTS_DIMENSION } from '../mail-events';
import { lambdaMetric, queueMetric, W } from './metrics';
import type { Area } from './props';

/** E-mail: the mail queue and its sender, what SES sent, delivered and bounced, and the account's bounce rate. */
export function emailWidgets(area: Area): IWidget[][] {
  const { props, alarms } = area;
  const ses = (metricName: string, statistic: string) =>
    new Metric({ namespace: 'AWS/SES', metricName, statistic, period: Duration.hours(1), label: metricName });
  const bounceRate = ses('Reputation.BounceRate', 'Maximum');
  // The domain's own mail, as its configuration set records it: what the account's rates are made of.
  const ours = (metricName: string) =>
    new Metric({
      namespace: 'AWS/SES',
      metricName,
      statistic: 'Sum',
      period: Duration.hours(1),
      dimensionsMap: { [MAIL_EVENTS_DIMENSION]: props.emailConfigurationSetName },
      label: `${metricName} (${props.settings.email.domain})`,
    });
  // The account's sending reputation: alarmed once per account, by the stage that owns its pieces.
  if (props.settings.accountPieces === 'self')
    alarms.add({
      runbook: 'email-bounce-rate',
      meaning: 'SES bounce rate above 5 %: SES reviews accounts above 5 % and may pause sending at 10 %',
      metric: bounceRate,
      threshold: 0.05,
      periods: 1,
      comparison: ComparisonOperator.GREATER_THAN_THRESHOLD,
      period: Duration.hours(1),
    });
  // Complaints: SES reviews an account above 0.1 % and may pause its sending at 0.5 %.
  if (props.settings.accountPieces === 'self')
    alarms.add({
      runbook: 'email-bounce-rate',
      meaning: 'SES complaint rate above 0.1 %: SES reviews accounts above 0.1 % and may pause sending at 0.5 %',
      metric: ses('Reputation.ComplaintRate', 'Maximum'),
      threshold: 0.001,
      periods: 1,
      comparison: ComparisonOperator.GREATER_THAN_THRESHOLD,
      period: Duration.hours(1),
      suffix: 'complaints',
    });
  return [
    [
      ...mailQueueWidgets(area),
      new GraphWidget({
        title: 'E-mail: sent, delivered, bounced (account); bounced, complained of, refused (the domain)',
        left: [ses('Send', 'Sum'), ses('Delivery', 'Sum'), ses('Bounce', 'Sum'), ours('Bounce'), ours('Complaint'), ours('Reject')],
        right: [bounceRate],
        width: props.mail ? W / 2 : W,
      }),
    ],
  ];
}

/**
 * The mail sender fails into its own DLQ (a sign-in code that was never sent: in a new account, SES's
 * sandbox refusing the address), and a queue it stopped reading ages: both page `mail-sender-dlq`.
 */
function mailQueueWidgets({ props, alarms }: Area): IWidget[] {
  const mail = props.mail;
  if (!mail) return [];
  const dlq = queueMetric(mail.dlqName, 'ApproximateNumberOfMessagesVisible', 'mail DLQ');
  const oldest = queueMetric(mail.queueName, 'ApproximateAgeOfOldestMessage', 'oldest queued mail (s)');
  alarms.add({
    runbook: 'mail-sender-dlq',
    meaning: 'A message (a sign-in code) reached the mail DLQ: the mail sender could not send it',
    metric: dlq,
    threshold: 0,
    periods: 1,
    comparison: ComparisonOperator.GREATER_THAN_THRESHOLD,
  });
  alarms.add({
    runbook: 'mail-sender-dlq',
    meaning: 'Mail waited over 5 minutes in the mail queue for 5 minutes: the mail sender is not reading it',
    metric: oldest,
    threshold: 300,
    periods: 5,
    suffix: 'queue-age',
  });
  return [
    new GraphWidget({
      title: 'Mail queue: oldest (s), DLQ; sender errors',
      left: [oldest, dlq],
      right: mail.senderName ? [lambdaMetric(mail.senderName, 'Errors', 'Sum')] : [],
      width: W / 2,
    }),
  ];
}
