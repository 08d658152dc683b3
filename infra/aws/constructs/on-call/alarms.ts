import type { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, type IMetric, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { Topic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import type { StageSettings } from '../../stages';

/** Where runbooks live: `docs/runbooks/<alarm>.md`; the alarm description links there. */
export const RUNBOOK_DIR = 'docs/runbooks';

/**
 * The runbook an alarm links: `docs/runbooks/<name>.md`, under `-c runbookBaseUrl=…` (e.g. the
 * repository's web address ending in `/blob/main/`) when given, else as a path in the repository.
 */
export function runbookUrl(name: string, base = ''): string {
  return `${base}${RUNBOOK_DIR}/${name}.md`;
}

/** One alarm: what it means, what it watches, and when it fires. */
export interface AlarmSpec {
  /** Its runbook, `docs/runbooks/<runbook>.md`, and the start of its name. */
  runbook: string;
  /** Said in the description, before the runbook's link. */
  meaning: string;
  metric: IMetric;
  threshold: number;
  /** Periods evaluated, and how many of them must breach (default: all of them). */
  periods: number;
  datapoints?: number;
  comparison?: ComparisonOperator;
  /** The metric's period, when not its own. */
  period?: Duration;
  /** Added to the name, when a runbook has several alarms. */
  suffix?: string;
  /** Default: not breaching. Where silence itself is the failure, breaching. */
  missing?: TreatMissingData;
}

/** The stage's alarms: each sends its alarm and its recovery to the topic, and links its runbook. */
export class OnCallAlarms {
  readonly all: Alarm[] = [];

  constructor(
    private readonly scope: Construct,
    private readonly settings: StageSettings,
    private readonly topic: Topic,
  ) {}

  add(spec: AlarmSpec): Alarm {
    const name = spec.suffix ? `${spec.runbook}-${spec.suffix}` : spec.runbook;
    const metric = spec.period && spec.metric instanceof Metric ? spec.metric.with({ period: spec.period }) : spec.metric;
    const alarm = new Alarm(this.scope, `Alarm-${name}`, {
      alarmName: `${this.settings.prefix}-${name}`,
      alarmDescription: `${spec.meaning}. Runbook: ${runbookUrl(spec.runbook, this.settings.runbookBaseUrl)}`,
      metric,
      threshold: spec.threshold,
      evaluationPeriods: spec.periods,
      datapointsToAlarm: spec.datapoints ?? spec.periods,
      comparisonOperator: spec.comparison ?? ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: spec.missing ?? TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(new SnsAction(this.topic));
    alarm.addOkAction(new SnsAction(this.topic));
    this.all.push(alarm);
    return alarm;
  }
}
