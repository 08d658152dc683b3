import { Duration } from 'aws-cdk-lib';
import {
  Alarm,
  AlarmStatusWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  type IMetric,
  MathExpression,
  Metric,
  TextWidget,
  TreatMissingData,
  type IWidget,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { SubscriptionProtocol, Topic } from 'aws-cdk-lib/aws-sns';
import { SlackChannelConfiguration } from 'aws-cdk-lib/aws-chatbot';
import { EmailSubscription, UrlSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import {
  CANARY_LATENCY_METRIC,
  CANARY_METRICS_SERVICE,
  CANARY_SUCCESS_METRIC,
  EVENT_LOG_METRICS_SERVICE,
  GATEWAY_THROTTLED_METRIC,
  PENDING_EVENT_AGE_METRIC,
  DISABLE_REASON_DIMENSION,
  FAILURE_CLASS_DIMENSION,
  METRICS_NAMESPACE,
  OUR_SIDE_FAILURE_CLASSES,
  WEBHOOK_FAILURE_CLASSES,
  WEBHOOK_METRICS,
  WEBHOOK_METRICS_SERVICE,
} from '../../../lib/observability/metric-names';
import type { Route } from '../../../lib/routes';
import type { StageSettings } from '../stages';

/** A function on the dashboard: every function of the stack is one of these. */
export interface WatchedFunction {
  name: string;
  kind: 'route' | 'fallback' | 'pipeline' | 'job';
  group: string;
  route?: Route;
  job?: string;
}

export interface OnCallProps {
  settings: StageSettings;
  apiName: string;
  functions: WatchedFunction[];
  tableName: string;
  /** The webhook pipeline: its lane shards' queues (shard 0 first), the fan-out DLQ, its functions. */
  pipeline?: {
    lanes: { queueName: string; dlqName: string }[];
    fanoutDlqName: string;
    fanoutName?: string;
    signerName?: string;
    /** The event sequencer's backstop (a consumer of the same stream). */
    backstopName?: string;
  };
  jobScheduleGroup?: string;
  /** The jobs' on-failure destination (a queue). */
  jobFailuresQueueName?: string;
  /** The table's global secondary indexes, each alarmed on its own throttles. */
  indexNames: string[];
  /** The canary's function (a scheduled job), when it is deployed. */
  canaryName?: string;
  /** The sandbox clock's steps (infra/aws/constructs/sandbox-clock-steps.ts): its DLQ. */
  sandboxClock?: { dlqName: string };
}

/** Where runbooks live: `docs/runbooks/<alarm>.md`; the alarm description links there. */
export const RUNBOOK_DIR = 'docs/runbooks';

const FIVE_MIN = Duration.minutes(5);
const ONE_MIN = Duration.minutes(1);
const W = 24;

/**
 * The on-call view of a stage, in the order an engineer woken at 3 a.m. reads it: what is alarming
 * (with runbooks), is the API answering (traffic, errors, latency, per route), are the functions
 * healthy, is the table healthy, are webhooks flowing, did the jobs run, is e-mail delivered.
 * Alarms fire only on what needs a human; each description links its runbook.
 */
export class OnCall extends Construct {
  readonly dashboard: Dashboard;
  readonly alarms: Alarm[] = [];
  readonly topic: Topic;
  private readonly props: OnCallProps;

  constructor(scope: Construct, id: string, props: OnCallProps) {
    super(scope, id);
    this.props = props;
    const { settings } = props;
    this.topic = new Topic(this, 'Alarms', {
      topicName: `${settings.prefix}-alarms`,
      displayName: `Partner API ${settings.name} alarms`,
      enforceSSL: true,
    });
    // E-mail and a pager (production requires both: stages.ts): an alarm at 3 a.m. must wake someone.
    if (settings.alarms.email) this.topic.addSubscription(new EmailSubscription(settings.alarms.email));
    const pager = settings.alarms.pager;
    if (pager?.kind === 'https') this.topic.addSubscription(new UrlSubscription(pager.url, { protocol: SubscriptionProtocol.HTTPS }));
    if (pager?.kind === 'slack') {
      new SlackChannelConfiguration(this, 'Pager', {
        slackChannelConfigurationName: `${settings.prefix}-alarms`,
        slackWorkspaceId: pager.workspaceId,
        slackChannelId: pager.channelId,
        notificationTopics: [this.topic],
      });
    }

    const firstLook = this.firstLook();
    const api = this.apiWidgets();
    const lambda = this.lambdaWidgets();
    const table = this.tableWidgets();
    const webhooks = this.webhookWidgets();
    const jobs = this.jobWidgets();
    const clock = this.sandboxClockWidgets();
    const email = this.emailWidgets();

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
    for (const row of [...firstLook, ...api.summary, ...lambda, ...table, ...webhooks, ...jobs, ...clock, ...email, ...api.perRoute])
      this.dashboard.addWidgets(...row);
  }

  // ---- API Gateway ---------------------------------------------------------------------------

  private apiMetric(metricName: string, statistic: string, extra: Record<string, string> = {}, label?: string): Metric {
    return new Metric({
      namespace: 'AWS/ApiGateway',
      metricName,
      statistic,
      period: FIVE_MIN,
      dimensionsMap: { ApiName: this.props.apiName, Stage: this.props.settings.name, ...extra },
      label,
    });
  }

  private apiWidgets(): { summary: IWidget[][]; perRoute: IWidget[][] } {
    const count = this.apiMetric('Count', 'Sum');
    const e5 = this.apiMetric('5XXError', 'Sum');
    const e4 = this.apiMetric('4XXError', 'Sum');
    const rate5 = new MathExpression({
      expression: 'IF(count > 20, 100 * e5 / count, 0)',
      usingMetrics: { count, e5 },
      label: '5xx % of requests',
      period: FIVE_MIN,
    });
    this.alarm('api-5xx-rate', 'More than 1 % of API requests failed with a 5xx for 15 minutes', rate5, 1, 3, 3);
    const p99 = this.apiMetric('Latency', 'p99');
    this.alarm('api-latency-p99', 'API p99 latency above 2.5 s for 15 minutes', p99, 2500, 3, 3);

    const rows: IWidget[][] = [
      [
        new GraphWidget({ title: 'API requests', left: [count], width: 6 }),
        new GraphWidget({ title: 'API 4xx / 5xx', left: [e4, e5], right: [rate5], width: 6 }),
        new GraphWidget({
          title: 'API latency (p50, p99) and integration p99',
          left: [this.apiMetric('Latency', 'p50'), p99, this.apiMetric('IntegrationLatency', 'p99')],
          width: 6,
        }),
        new GraphWidget({
          title: 'API cache-less overhead: latency − integration (p99)',
          left: [
            new MathExpression({
              expression: 'l - i',
              usingMetrics: { l: p99, i: this.apiMetric('IntegrationLatency', 'p99') },
              label: 'gateway p99 ms',
              period: FIVE_MIN,
            }),
          ],
          width: 6,
        }),
      ],
    ];
    const summary = rows.splice(0);
    // Per route, one group (partner, sandbox, dashboard, public) per row of four graphs.
    const byGroup = groupBy(
      this.props.functions.filter((f) => f.route),
      (f) => f.group,
    );
    for (const [group, fns] of byGroup) {
      const per = (metricName: string, statistic: string) =>
        fns.map((f) =>
          this.apiMetric(
            metricName,
            statistic,
            { Method: f.route!.method, Resource: f.route!.path },
            `${f.route!.method} ${f.route!.path}`,
          ),
        );
      rows.push([
        new GraphWidget({ title: `${group} routes: requests`, left: per('Count', 'Sum'), width: 6, height: 8, legendPosition: undefined }),
        new GraphWidget({ title: `${group} routes: 4xx`, left: per('4XXError', 'Sum'), width: 6, height: 8 }),
        new GraphWidget({ title: `${group} routes: 5xx`, left: per('5XXError', 'Sum'), width: 6, height: 8 }),
        new GraphWidget({ title: `${group} routes: p99 latency (ms)`, left: per('Latency', 'p99'), width: 6, height: 8 }),
      ]);
    }
    // API Gateway's own throttle (the stage's backstop far above per-key limits) refused requests: counted
    // from the access log (rest-api.ts), since the gateway's 429s are not a metric of their own.
    this.alarm(
      'api-gateway-throttled',
      "API Gateway's stage throttle refused 10 or more requests in 5 minutes",
      new Metric({
        namespace: METRICS_NAMESPACE,
        metricName: GATEWAY_THROTTLED_METRIC,
        statistic: 'Sum',
        period: FIVE_MIN,
        dimensionsMap: { Stage: this.props.settings.name },
      }),
      10,
      1,
      1,
    );
    return { summary, perRoute: rows };
  }

  // ---- The first look ---------------------------------------------------------------------

  /** The row on-call reads first: errors, latency, deliveries waiting and their age, DLQs, the sequencer, the canary. */
  private firstLook(): IWidget[][] {
    const count = this.apiMetric('Count', 'Sum');
    const e5 = this.apiMetric('5XXError', 'Sum');
    const widgets: IWidget[] = [
      new GraphWidget({
        title: 'API 5xx % of requests',
        left: [
          new MathExpression({
            expression: 'IF(count > 0, 100 * e5 / count, 0)',
            usingMetrics: { count, e5 },
            label: '5xx %',
            period: FIVE_MIN,
          }),
        ],
        right: [count],
        width: 4,
      }),
      new GraphWidget({
        title: 'API latency p50, p99 (ms)',
        left: [this.apiMetric('Latency', 'p50'), this.apiMetric('Latency', 'p99')],
        width: 4,
      }),
    ];
    const q = (queueName: string, metricName: string, label: string) =>
      new Metric({
        namespace: 'AWS/SQS',
        metricName,
        statistic: 'Maximum',
        period: ONE_MIN,
        dimensionsMap: { QueueName: queueName },
        label,
      });
    const p = this.props.pipeline;
    if (p) {
      widgets.push(
        new GraphWidget({
          title: 'Deliveries waiting (left), oldest age s (right), per lane',
          left: p.lanes.map((l, i) => q(l.queueName, 'ApproximateNumberOfMessagesVisible', `waiting, lane ${i}`)),
          right: p.lanes.map((l, i) => q(l.queueName, 'ApproximateAgeOfOldestMessage', `oldest, lane ${i}`)),
          width: 4,
        }),
        new GraphWidget({
          title: 'Dead-letter queues',
          left: [
            ...p.lanes.map((l, i) => q(l.dlqName, 'ApproximateNumberOfMessagesVisible', `lane ${i} DLQ`)),
            q(p.fanoutDlqName, 'ApproximateNumberOfMessagesVisible', 'fan-out DLQ'),
            ...(this.props.jobFailuresQueueName
              ? [q(this.props.jobFailuresQueueName, 'ApproximateNumberOfMessagesVisible', 'job failures')]
              : []),
          ],
          width: 4,
        }),
      );
      if (p.backstopName)
        widgets.push(
          new GraphWidget({
            title: 'Event sequencer: oldest pending (ms), backstop lag (ms)',
            left: [this.pendingAge()],
            right: [this.lambdaMetric(p.backstopName, 'IteratorAge', 'Maximum')],
            width: 4,
          }),
        );
    }
    if (this.props.canaryName) {
      // A failed probe (two of three runs), and silence: no probe at all in 15 minutes (the schedule, the
      // function or its metrics are gone), which a missing datapoint would otherwise hide.
      const success = this.canaryMetric(CANARY_SUCCESS_METRIC, 'Minimum');
      this.alarm(
        'canary',
        'The canary’s GET /v1/me failed in two of its last three 5-minute periods',
        success,
        1,
        3,
        2,
        ComparisonOperator.LESS_THAN_THRESHOLD,
        undefined,
        'failed',
      );
      this.alarm(
        'canary',
        'The canary sent no probe in 15 minutes',
        this.canaryMetric(CANARY_SUCCESS_METRIC, 'SampleCount'),
        1,
        3,
        3,
        ComparisonOperator.LESS_THAN_THRESHOLD,
        undefined,
        'silent',
        TreatMissingData.BREACHING,
      );
    }
    if (this.props.canaryName)
      widgets.push(
        new GraphWidget({
          title: 'Canary: GET /v1/me succeeded (1), latency (ms)',
          left: [this.canaryMetric(CANARY_SUCCESS_METRIC, 'Minimum')],
          right: [this.canaryMetric(CANARY_LATENCY_METRIC, 'p99')],
          width: 4,
        }),
      );
    return [widgets];
  }

  private pendingAge(): Metric {
    return new Metric({
      namespace: METRICS_NAMESPACE,
      metricName: PENDING_EVENT_AGE_METRIC,
      statistic: 'Maximum',
      period: FIVE_MIN,
      dimensionsMap: { service: EVENT_LOG_METRICS_SERVICE },
      label: 'oldest pending event (ms)',
    });
  }

  private canaryMetric(metricName: string, statistic: string): Metric {
    return new Metric({
      namespace: METRICS_NAMESPACE,
      metricName,
      statistic,
      period: FIVE_MIN,
      dimensionsMap: { service: CANARY_METRICS_SERVICE },
      label: metricName,
    });
  }

  // ---- Lambda --------------------------------------------------------------------------------

  private lambdaMetric(functionName: string, metricName: string, statistic: string): Metric {
    return new Metric({
      namespace: 'AWS/Lambda',
      metricName,
      statistic,
      period: FIVE_MIN,
      dimensionsMap: { FunctionName: functionName },
      label: functionName,
    });
  }

  private lambdaWidgets(): IWidget[][] {
    const accountConcurrency = new Metric({
      namespace: 'AWS/Lambda',
      metricName: 'ConcurrentExecutions',
      statistic: 'Maximum',
      period: ONE_MIN,
      label: 'account concurrency',
    });
    const accountThrottles = new Metric({
      namespace: 'AWS/Lambda',
      metricName: 'Throttles',
      statistic: 'Sum',
      period: FIVE_MIN,
      label: 'account throttles',
    });
    // Account-wide metrics alarm once per account: in the stage that owns the account's pieces (stages.ts).
    const ownsAccount = this.props.settings.accountPieces === 'self';
    if (ownsAccount)
      this.alarm(
        'lambda-concurrency',
        `Lambda concurrency above 80 % of the account's ${this.props.settings.accountConcurrency} for 3 minutes`,
        accountConcurrency,
        this.props.settings.accountConcurrency * 0.8,
        3,
        3,
      );
    if (ownsAccount)
      this.alarm('lambda-throttles', 'Lambda throttled more than 10 invocations in 5 minutes, twice in a row', accountThrottles, 10, 2, 2);
    const rows: IWidget[][] = [
      [
        new GraphWidget({
          title: 'Account concurrency and throttles',
          left: [accountConcurrency],
          right: [accountThrottles],
          width: W,
          height: 5,
        }),
      ],
    ];
    for (const [group, fns] of groupBy(this.props.functions, (f) => f.group)) {
      const per = (metricName: string, statistic: string) => fns.map((f) => this.lambdaMetric(f.name, metricName, statistic));
      rows.push([
        new GraphWidget({ title: `${group} functions: errors`, left: per('Errors', 'Sum'), width: 6, height: 7 }),
        new GraphWidget({ title: `${group} functions: throttles`, left: per('Throttles', 'Sum'), width: 6, height: 7 }),
        new GraphWidget({ title: `${group} functions: duration p99 (ms)`, left: per('Duration', 'p99'), width: 6, height: 7 }),
        new GraphWidget({
          title: `${group} functions: concurrency (max)`,
          left: per('ConcurrentExecutions', 'Maximum'),
          width: 6,
          height: 7,
        }),
      ]);
    }
    return rows;
  }

  // ---- DynamoDB ------------------------------------------------------------------------------

  private tableWidgets(): IWidget[][] {
    const t = (metricName: string, statistic: string, extra: Record<string, string> = {}, label?: string) =>
      new Metric({
        namespace: 'AWS/DynamoDB',
        metricName,
        statistic,
        period: FIVE_MIN,
        dimensionsMap: { TableName: this.props.tableName, ...extra },
        label,
      });
    const throttles = new MathExpression({
      expression: 'r + w',
      usingMetrics: { r: t('ReadThrottleEvents', 'Sum'), w: t('WriteThrottleEvents', 'Sum') },
      label: 'throttle events',
      period: FIVE_MIN,
    });
    this.alarm(
      'dynamodb-throttles',
      'The table throttled requests for 10 minutes',
      throttles,
      0,
      2,
      2,
      ComparisonOperator.GREATER_THAN_THRESHOLD,
    );
    // Each global secondary index throttles on its own (a hot index key), under the table's name and its own.
    for (const index of this.props.indexNames) {
      this.alarm(
        'dynamodb-throttles',
        `The index ${index} throttled requests for 10 minutes`,
        new MathExpression({
          expression: 'r + w',
          usingMetrics: {
            r: t('ReadThrottleEvents', 'Sum', { GlobalSecondaryIndexName: index }),
            w: t('WriteThrottleEvents', 'Sum', { GlobalSecondaryIndexName: index }),
          },
          label: `${index} throttle events`,
          period: FIVE_MIN,
        }),
        0,
        2,
        2,
        ComparisonOperator.GREATER_THAN_THRESHOLD,
        undefined,
        index,
      );
    }
    const conflicts = t('TransactionConflict', 'Sum');
    this.alarm(
      'dynamodb-transaction-conflicts',
      'More than 50 transaction conflicts per 5 minutes for 15 minutes: a hot item',
      conflicts,
      50,
      3,
      3,
    );
    const ops = ['GetItem', 'Query', 'UpdateItem', 'TransactWriteItems', 'BatchGetItem'];
    return [
      [
        new GraphWidget({
          title: 'Table throttles (read, write)',
          left: [t('ReadThrottleEvents', 'Sum', {}, 'read'), t('WriteThrottleEvents', 'Sum', {}, 'write')],
          width: 6,
        }),
        new GraphWidget({
          title: 'Table latency p99 by operation (ms)',
          left: ops.map((op) => t('SuccessfulRequestLatency', 'p99', { Operation: op }, op)),
          width: 6,
        }),
        new GraphWidget({
          title: 'Transaction conflicts, system errors',
          left: [conflicts],
          right: ops.map((op) => t('SystemErrors', 'Sum', { Operation: op }, op)),
          width: 6,
        }),
        new GraphWidget({
          title: 'Consumed capacity (RCU, WCU)',
          left: [t('ConsumedReadCapacityUnits', 'Sum', {}, 'RCU'), t('ConsumedWriteCapacityUnits', 'Sum', {}, 'WCU')],
          width: 6,
        }),
      ],
    ];
  }

  // ---- Webhooks ------------------------------------------------------------------------------

  private webhookWidgets(): IWidget[][] {
    const own = (metricName: string, statistic = 'Sum', label?: string, extra: Record<string, string> = {}) =>
      new Metric({
        namespace: METRICS_NAMESPACE,
        metricName,
        statistic,
        period: FIVE_MIN,
        dimensionsMap: { service: WEBHOOK_METRICS_SERVICE, ...extra },
        label: label ?? metricName,
      });
    const attempts = own(WEBHOOK_METRICS.attempt, 'Sum', 'attempts');
    const failureOf = (c: string) => own(WEBHOOK_METRICS.failure, 'Sum', c, { [FAILURE_CLASS_DIMENSION]: c });
    const disabled = ['gone', 'failing'].map((r) =>
      own(WEBHOOK_METRICS.endpointDisabled, 'Sum', `disabled: ${r}`, { [DISABLE_REASON_DIMENSION]: r }),
    );
    const rows: IWidget[][] = [
      [
        new GraphWidget({
          title: 'Webhook attempts, successes, fan-out',
          left: [attempts, own(WEBHOOK_METRICS.success, 'Sum', 'successes'), own(WEBHOOK_METRICS.fanOut, 'Sum', 'queued by fan-out')],
          width: 6,
        }),
        new GraphWidget({ title: 'Webhook failures by class', left: WEBHOOK_FAILURE_CLASSES.map(failureOf), width: 6 }),
        new GraphWidget({
          title: 'Give-ups and disabled endpoints',
          left: [own(WEBHOOK_METRICS.giveUp, 'Sum', 'give-ups'), ...disabled],
          width: 6,
        }),
        new GraphWidget({
          title: 'Event → acknowledge latency (ms)',
          left: [own(WEBHOOK_METRICS.eventToAck, 'p50', 'p50'), own(WEBHOOK_METRICS.eventToAck, 'p99', 'p99')],
          width: 6,
        }),
      ],
    ];
    const p = this.props.pipeline;
    if (!p) return rows;
    // Our side failing (timeouts and connection errors everywhere at once) rather than one partner's endpoint.
    const [timeout, connection] = OUR_SIDE_FAILURE_CLASSES.map(failureOf);
    const failureRate = new MathExpression({
      expression: 'IF(attempts > 50, 100 * (timeout + connection) / attempts, 0)',
      usingMetrics: { attempts, timeout, connection },
      label: '% attempts failing on timeout/connection',
      period: FIVE_MIN,
    });
    this.alarm(
      'webhook-failure-rate',
      'Over half of all webhook attempts time out or fail to connect for 15 minutes',
      failureRate,
      50,
      3,
      3,
    );

    const q = (queueName: string, metricName: string, statistic: string, label: string) =>
      new Metric({ namespace: 'AWS/SQS', metricName, statistic, period: ONE_MIN, dimensionsMap: { QueueName: queueName }, label });
    // One set of queue metrics per lane shard; shard 0's alarms keep their names from before sharding.
    const lanes = p.lanes.map((lane, i) => {
      const shard = p.lanes.length > 1 ? ` (lane ${i})` : '';
      return {
        suffix: i === 0 ? undefined : `lane-${i}`,
        oldest: q(lane.queueName, 'ApproximateAgeOfOldestMessage', 'Maximum', `oldest message (s)${shard}`),
        visible: q(lane.queueName, 'ApproximateNumberOfMessagesVisible', 'Maximum', `waiting${shard}`),
        inFlight: q(lane.queueName, 'ApproximateNumberOfMessagesNotVisible', 'Maximum', `in flight${shard}`),
        dlq: q(lane.dlqName, 'ApproximateNumberOfMessagesVisible', 'Maximum', `delivery DLQ${shard}`),
      };
    });
    const fanoutDlq = q(p.fanoutDlqName, 'ApproximateNumberOfMessagesVisible', 'Maximum', 'fan-out DLQ');
    for (const lane of lanes) {
      this.alarm(
        'webhook-queue-backlog',
        'More than 1,000 deliveries waiting in one lane shard for 15 minutes: the signer is not keeping up',
        lane.visible,
        1000,
        15,
        15,
        undefined,
        undefined,
        lane.suffix,
      );
      // SQS's FIFO limits (docs/capacity.md, "The walls"): 120,000 in flight per queue, and older than any
      // wait the signer sets (a failing endpoint is disabled after 5 days, its messages cancelled).
      this.alarm(
        'webhook-lane-limits',
        'More than 100,000 messages in flight in one lane shard: near the FIFO queue limit of 120,000, where it stops handing out messages',
        lane.inFlight,
        100_000,
        3,
        3,
        undefined,
        undefined,
        `in-flight${lane.suffix ? `-${lane.suffix}` : ''}`,
      );
      this.alarm(
        'webhook-lane-limits',
        'A lane shard holds a message older than 5 days and an hour: older than any wait the signer keeps',
        lane.oldest,
        (5 * 24 + 1) * 3600,
        5,
        5,
        undefined,
        undefined,
        `oldest${lane.suffix ? `-${lane.suffix}` : ''}`,
      );
      this.alarm(
        'webhook-delivery-dlq',
        'A webhook delivery reached a delivery DLQ',
        lane.dlq,
        0,
        1,
        1,
        ComparisonOperator.GREATER_THAN_THRESHOLD,
        undefined,
        lane.suffix,
      );
    }
    this.alarm(
      'webhook-fanout-dlq',
      'A stream batch failed fan-out after its retries: events may not have been queued',
      fanoutDlq,
      0,
      1,
      1,
      ComparisonOperator.GREATER_THAN_THRESHOLD,
    );
    const pipelineRow: IWidget[] = [
      new GraphWidget({ title: 'Delivery lanes: oldest message age (s)', left: lanes.map((l) => l.oldest), width: 6 }),
      new GraphWidget({ title: 'Delivery lanes: waiting, in flight', left: lanes.flatMap((l) => [l.visible, l.inFlight]), width: 6 }),
      new GraphWidget({ title: 'Dead-letter queues', left: [...lanes.map((l) => l.dlq), fanoutDlq], width: 6 }),
    ];
    if (p.fanoutName) {
      const age = this.lambdaMetric(p.fanoutName, 'IteratorAge', 'Maximum');
      this.alarm(
        'webhook-stream-lag',
        'The fan-out is more than a minute behind the table stream for 5 minutes',
        age,
        60_000,
        5,
        5,
        undefined,
        ONE_MIN,
      );
      this.alarm(
        'webhook-fanout-errors',
        'The fan-out function failed in three 5-minute periods in a row',
        this.lambdaMetric(p.fanoutName, 'Errors', 'Sum'),
        0,
        3,
        3,
        ComparisonOperator.GREATER_THAN_THRESHOLD,
      );
      pipelineRow.push(new GraphWidget({ title: 'Stream iterator age (ms)', left: [age], width: 6 }));
    }
    if (p.backstopName) {
      const lag = this.lambdaMetric(p.backstopName, 'IteratorAge', 'Maximum');
      this.alarm(
        'event-sequencer-backstop',
        "The sequencer's backstop is more than a minute behind the table stream for 5 minutes",
        lag,
        60_000,
        5,
        5,
        undefined,
        ONE_MIN,
        'iterator-age',
      );
      this.alarm(
        'event-sequencer-backstop',
        "The sequencer's backstop failed in three 5-minute periods in a row",
        this.lambdaMetric(p.backstopName, 'Errors', 'Sum'),
        0,
        3,
        3,
        ComparisonOperator.GREATER_THAN_THRESHOLD,
        undefined,
        'errors',
      );
      this.alarm(
        'event-sequencer-backstop',
        'A pending event waited more than 2 minutes to be sequenced, twice in a row',
        this.pendingAge(),
        120_000,
        2,
        2,
        ComparisonOperator.GREATER_THAN_THRESHOLD,
        undefined,
        'pending-age',
      );
      pipelineRow.push(
        new GraphWidget({
          title: 'Sequencer backstop: lag (ms), errors',
          left: [lag],
          right: [this.lambdaMetric(p.backstopName, 'Errors', 'Sum')],
          width: 6,
        }),
      );
    }
    if (p.signerName) {
      this.alarm(
        'webhook-signer-errors',
        'The signer function itself failed (not an endpoint) in three 5-minute periods in a row',
        this.lambdaMetric(p.signerName, 'Errors', 'Sum'),
        0,
        3,
        3,
        ComparisonOperator.GREATER_THAN_THRESHOLD,
      );
    }
    rows.push(pipelineRow);
    return rows;
  }

  // ---- Jobs, e-mail ---------------------------------------------------------------------------

  private jobWidgets(): IWidget[][] {
    const jobs = this.props.functions.filter((f) => f.kind === 'job');
    if (!jobs.length || !this.props.jobScheduleGroup) return [];
    for (const job of jobs) {
      this.alarm(
        'job-failed',
        `Scheduled job ${job.job} failed`,
        this.lambdaMetric(job.name, 'Errors', 'Sum'),
        0,
        1,
        1,
        ComparisonOperator.GREATER_THAN_THRESHOLD,
        undefined,
        job.job,
      );
    }
    const s = (metricName: string) =>
      new Metric({
        namespace: 'AWS/Scheduler',
        metricName,
        statistic: 'Sum',
        period: FIVE_MIN,
        dimensionsMap: { ScheduleGroup: this.props.jobScheduleGroup! },
        label: metricName,
      });
    if (this.props.jobFailuresQueueName)
      this.alarm(
        'job-failed',
        'A job run failed after all of its retries: its event is in the job failures queue',
        new Metric({
          namespace: 'AWS/SQS',
          metricName: 'ApproximateNumberOfMessagesVisible',
          statistic: 'Maximum',
          period: FIVE_MIN,
          dimensionsMap: { QueueName: this.props.jobFailuresQueueName },
        }),
        0,
        1,
        1,
        ComparisonOperator.GREATER_THAN_THRESHOLD,
        undefined,
        'exhausted',
      );
    this.alarm(
      'scheduler-dropped',
      'EventBridge Scheduler dropped a job invocation after its retries',
      s('InvocationDroppedCount'),
      0,
      1,
      1,
      ComparisonOperator.GREATER_THAN_THRESHOLD,
    );
    return [
      [
        new GraphWidget({ title: 'Jobs: invocations', left: jobs.map((j) => this.lambdaMetric(j.name, 'Invocations', 'Sum')), width: 8 }),
        new GraphWidget({
          title: 'Jobs: duration max (ms)',
          left: jobs.map((j) => this.lambdaMetric(j.name, 'Duration', 'Maximum')),
          width: 8,
        }),
        new GraphWidget({
          title: 'Scheduler: target errors, dropped',
          left: [s('TargetErrorCount'), s('InvocationDroppedCount')],
          width: 8,
        }),
      ],
    ];
  }

  // ---- The sandbox clock's steps -----------------------------------------------------------------

  /** A step that kept failing leaves a partner's test clock `advancing`: a human must look. */
  private sandboxClockWidgets(): IWidget[][] {
    const c = this.props.sandboxClock;
    if (!c) return [];
    const dlq = new Metric({
      namespace: 'AWS/SQS',
      metricName: 'ApproximateNumberOfMessagesVisible',
      statistic: 'Maximum',
      period: ONE_MIN,
      dimensionsMap: { QueueName: c.dlqName },
      label: 'sandbox clock steps DLQ',
    });
    this.alarm(
      'sandbox-clock-step-dlq',
      'A sandbox clock advance step failed 5 times: that partner’s test clock stays advancing',
      dlq,
      0,
      1,
      1,
      ComparisonOperator.GREATER_THAN_THRESHOLD,
    );
    return [[new GraphWidget({ title: 'Sandbox clock: failed steps (DLQ)', left: [dlq], width: 8 })]];
  }

  private emailWidgets(): IWidget[][] {
    const ses = (metricName: string, statistic: string) =>
      new Metric({ namespace: 'AWS/SES', metricName, statistic, period: Duration.hours(1), label: metricName });
    const bounceRate = ses('Reputation.BounceRate', 'Maximum');
    // The account's sending reputation: alarmed once per account, by the stage that owns its pieces.
    if (this.props.settings.accountPieces === 'self')
      this.alarm(
        'email-bounce-rate',
        'SES bounce rate above 5 %: SES reviews accounts above 5 % and may pause sending at 10 %',
        bounceRate,
        0.05,
        1,
        1,
        ComparisonOperator.GREATER_THAN_THRESHOLD,
        Duration.hours(1),
      );
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

  // ---- alarms -------------------------------------------------------------------------------

  /** An alarm whose description says what it means and links `docs/runbooks/<runbook>.md`. */
  private alarm(
    runbook: string,
    meaning: string,
    metric: IMetric,
    threshold: number,
    evaluationPeriods: number,
    datapointsToAlarm: number,
    comparisonOperator = ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    period?: Duration,
    suffix?: string,
    treatMissingData = TreatMissingData.NOT_BREACHING,
  ): Alarm {
    const name = suffix ? `${runbook}-${suffix}` : runbook;
    const metricToUse = period && metric instanceof Metric ? metric.with({ period }) : metric;
    const alarm = new Alarm(this, `Alarm-${name}`, {
      alarmName: `${this.props.settings.prefix}-${name}`,
      alarmDescription: `${meaning}. Runbook: ${runbookUrl(runbook, this.props.settings.runbookBaseUrl)}`,
      metric: metricToUse,
      threshold,
      evaluationPeriods,
      datapointsToAlarm,
      comparisonOperator,
      treatMissingData,
    });
    alarm.addAlarmAction(new SnsAction(this.topic));
    alarm.addOkAction(new SnsAction(this.topic));
    this.alarms.push(alarm);
    return alarm;
  }
}

/**
 * The runbook an alarm links: `docs/runbooks/<name>.md`, under `-c runbookBaseUrl=…` (e.g. the
 * repository's web address ending in `/blob/main/`) when given, else as a path in the repository.
 */
export function runbookUrl(name: string, base = ''): string {
  return `${base}${RUNBOOK_DIR}/${name}.md`;
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) out.set(key(item), [...(out.get(key(item)) ?? []), item]);
  return out;
}
