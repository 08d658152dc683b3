import { Duration } from 'aws-cdk-lib';
import { type Alarm, AlarmStatusWidget, Dashboard, TextWidget } from 'aws-cdk-lib/aws-cloudwatch';
import type { Topic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { OnCallAlarms, RUNBOOK_DIR } from './alarms';
import { apiSummary, gatewayThrottleAlarm, perRouteWidgets } from './api';
import { emailWidgets } from './email';
import { firstLook } from './first-look';
import { functionWidgets } from './functions';
import { jobWidgets } from './jobs';
import { W } from './metrics';
import type { Area, OnCallProps } from './props';
import { sandboxClockWidgets } from './sandbox-clock';
import { tableWidgets } from './table';
import { alarmTopic, pagerAlarm } from './topic';
import { webhookWidgets } from './webhooks';

export { RUNBOOK_DIR, runbookUrl } from './alarms';
export type { OnCallProps, WatchedFunction } from './props';

/**
 * The on-call view of a stage, in the order an engineer woken at 3 a.m. reads it: what is alarming
 * (with runbooks), is the API answering (traffic, errors, latency, per route), are the functions
 * healthy, is the table healthy, are webhooks flowing, did the jobs run, is e-mail delivered.
 * Alarms fire only on what needs a human; each description links its runbook. Each area is a module
 * of this folder: its graphs and its alarms.
 */
export class OnCall extends Construct {
  readonly dashboard: Dashboard;
  readonly topic: Topic;
  private readonly onCallAlarms: OnCallAlarms;

  constructor(scope: Construct, id: string, props: OnCallProps) {
    super(scope, id);
    const { settings } = props;
    this.topic = alarmTopic(this, settings);
    this.onCallAlarms = new OnCallAlarms(this, settings, this.topic);
    const area: Area = { props, alarms: this.onCallAlarms };
    pagerAlarm(area);

    // Each area adds its alarms as it draws its graphs: the alarm panel lists them in this order.
    const first = firstLook(area);
    const api = apiSummary(area);
    gatewayThrottleAlarm(area);
    const perRoute = perRouteWidgets(area);
    const rest = [functionWidgets, tableWidgets, webhookWidgets, jobWidgets, sandboxClockWidgets, emailWidgets].flatMap((f) => f(area));

    this.dashboard = new Dashboard(this, 'Dashboard', { dashboardName: `${settings.prefix}-on-call`, defaultInterval: Duration.hours(3) });
    this.dashboard.addWidgets(
      new TextWidget({
        width: W,
        height: 2,
        markdown: `# Partner API · ${settings.name}\nAlarms below link their runbooks (${RUNBOOK_DIR}/). Read top to bottom: alarms → the first look (errors, latency, deliveries, DLQs, sequencer, canary) → API → functions → table → webhooks → jobs → e-mail → each route.`,
      }),
    );
    this.dashboard.addWidgets(
      new AlarmStatusWidget({
        title: 'Alarms (open one for its runbook)',
        alarms: this.alarms,
        width: W,
        height: Math.max(3, Math.ceil(this.alarms.length / 4) + 1),
      }),
    );
    // What on-call reads first at 3 a.m., right under the alarms: is the API failing or slow, are
    // deliveries backing up, is anything in a DLQ, is the event log sequenced, does the canary get through.
    // Then each part's detail, and last the per-route graphs (41 to 52 lines each).
    for (const row of [...first, ...api, ...rest, ...perRoute]) this.dashboard.addWidgets(...row);
  }

  get alarms(): Alarm[] {
    return this.onCallAlarms.all;
  }
}
