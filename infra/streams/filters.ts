import { FANNED_OUT_ATTRIBUTE } from '../../lib/store/entities/event-fan-out';
import { EVENT_ENTITY, PENDING_EVENT_ENTITY } from '../../lib/store/table-definition';

/**
 * The table stream's filters, written once: the CDK gives each pattern to its event source mapping
 * (infra/aws/constructs/webhook-pipeline.ts), and the embedded default's stream poller applies the
 * very same pattern to each record (infra/local/stream-poller.ts, `matchesFilter`). Each is a Lambda
 * event filter pattern (the subset of EventBridge's syntax we use: a list of allowed values, or
 * `{ exists: false }`). Two readers, no more: DynamoDB Streams throttles a third reader of a shard, so
 * the mail sender reads a queue of its own (docs/decisions.md, "Two readers per stream";
 * test/infra/webhooks-and-jobs.test.ts counts the mappings).
 */
export type FilterPattern = { [field: string]: FilterPattern | FilterValue[] };
type FilterValue = string | { exists: boolean };

export const STREAM_FILTERS = {
  /** The fan-out: event items as inserted, but not one put back from a restored table, which already went to its lanes (lib/store/entities/event-fan-out.ts). */
  fanout: {
    eventName: ['INSERT'],
    dynamodb: { NewImage: { entity: { S: [EVENT_ENTITY] }, [FANNED_OUT_ATTRIBUTE]: [{ exists: false }] } },
  },
  /** The event sequencer's backstop: pending events as inserted. */
  sequencerBackstop: { eventName: ['INSERT'], dynamodb: { NewImage: { entity: { S: [PENDING_EVENT_ENTITY] } } } },
} satisfies Record<string, FilterPattern>;

/** Whether `record` (a stream record as Lambda or DynamoDB Streams gives it) passes `pattern`, as Lambda decides it. */
export function matchesFilter(pattern: FilterPattern, record: unknown): boolean {
  for (const [field, rule] of Object.entries(pattern)) {
    const value =
      record !== null && typeof record === 'object' && Object.hasOwn(record, field)
        ? (record as Record<string, unknown>)[field]
        : undefined;
    if (Array.isArray(rule)) {
      if (!rule.some((allowed) => (typeof allowed === 'string' ? value === allowed : (value !== undefined) === allowed.exists)))
        return false;
    } else if (!matchesFilter(rule, value)) return false;
  }
  return true;
}
