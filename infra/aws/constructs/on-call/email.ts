import { Duration } from 'aws-cdk-lib';
import { ComparisonOperator, GraphWidget, type IWidget, Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { W } from './metrics';
import type { Area } from './props';

/** E-mail: what SES sent, delivered and bounced, and the account's bounce rate. */
export function emailWidgets({ props, alarms }: Area): IWidget[][] {
  const ses = (metricName: string, statistic: string) =>
    new Metric({ namespace: 'AWS/SES', metricName, statistic, period: Duration.hours(1), label: metricName });
  const bounceRate = ses('Reputation.BounceRate', 'Maximum');
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
  return [
    [
      new GraphWidget({
        title: 'E-mail: sent, delivered, bounced',
        left: [ses('Send', 'Sum'), ses('Delivery', 'Sum'), ses('Bounce', 'Sum')],
        right: [bounceRate],
        width: W,
      }),
    ],
  ];
}
