import { ComparisonOperator, GraphWidget, type IWidget, MathExpression, Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { FIVE_MIN } from './metrics';
import type { Area } from './props';

type TableMetric = (metricName: string, statistic: string, extra?: Record<string, string>, label?: string) => Metric;

const OPERATIONS = ['GetItem', 'Query', 'UpdateItem', 'TransactWriteItems', 'BatchGetItem'];

/** The table: throttles (the table's and each index's), latency, conflicts and system errors, capacity. */
export function tableWidgets(area: Area): IWidget[][] {
  const t: TableMetric = (metricName, statistic, extra = {}, label) =>
    new Metric({
      namespace: 'AWS/DynamoDB',
      metricName,
      statistic,
      period: FIVE_MIN,
      dimensionsMap: { TableName: area.props.tableName, ...extra },
      label,
    });
  throttleAlarms(area, t);
  const conflicts = t('TransactionConflict', 'Sum');
  area.alarms.add({
    runbook: 'dynamodb-transaction-conflicts',
    meaning: 'More than 50 transaction conflicts per 5 minutes for 15 minutes: a hot item',
    metric: conflicts,
    threshold: 50,
    periods: 3,
  });
  return [
    [
      new GraphWidget({
        title: 'Table throttles (read, write)',
        left: [t('ReadThrottleEvents', 'Sum', {}, 'read'), t('WriteThrottleEvents', 'Sum', {}, 'write')],
        width: 6,
      }),
      new GraphWidget({
        title: 'Table latency p99 by operation (ms)',
        left: OPERATIONS.map((op) => t('SuccessfulRequestLatency', 'p99', { Operation: op }, op)),
        width: 6,
      }),
      new GraphWidget({
        title: 'Transaction conflicts, system errors',
        left: [conflicts],
        right: OPERATIONS.map((op) => t('SystemErrors', 'Sum', { Operation: op }, op)),
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

/** The table's throttles, and each global secondary index's on its own (a hot index key), under the table's name and its own. */
function throttleAlarms({ props, alarms }: Area, t: TableMetric): void {
  const throttlesOf = (extra: Record<string, string>, label: string) =>
    new MathExpression({
      expression: 'r + w',
      usingMetrics: { r: t('ReadThrottleEvents', 'Sum', extra), w: t('WriteThrottleEvents', 'Sum', extra) },
      label,
      period: FIVE_MIN,
    });
  const when = { threshold: 0, periods: 2, comparison: ComparisonOperator.GREATER_THAN_THRESHOLD };
  alarms.add({
    runbook: 'dynamodb-throttles',
    meaning: 'The table throttled requests for 10 minutes',
    metric: throttlesOf({}, 'throttle events'),
    ...when,
  });
  for (const index of props.indexNames)
    alarms.add({
      runbook: 'dynamodb-throttles',
      meaning: `The index ${index} throttled requests for 10 minutes`,
      metric: throttlesOf({ GlobalSecondaryIndexName: index }, `${index} throttle events`),
      ...when,
      suffix: index,
    });
}
