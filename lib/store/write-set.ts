import type { TransactWriteCommandInput } from './dynamodb';
import type { Scope } from '../scope';
import type { PendingEvent } from './event';
import { itemOfAction, joinActions } from './one-action-per-item';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export interface Condition {
  expression: string;
  names?: Record<string, string>;
  values?: Record<string, unknown>;
  /** What the caller is told when this condition fails (a guard item, an illegal transition…). */
  onFailed?: () => Error;
}

export interface WriteEntry {
  item: TransactItem;
  onFailed?: () => Error;
}

/**
 * Everything one operation changes, committed as ONE TransactWriteItems together with the events it
 * records (the transactional outbox): no event without its change, no change without its event.
 * Build it, then hand it to `commit()` (lib/event-log/commit.ts). It holds one action per item, as
 * DynamoDB requires: an action on an item already in it joins the first (lib/store/one-action-per-item.ts).
 */
export class WriteSet {
  readonly entries: WriteEntry[] = [];
  readonly events: PendingEvent[] = [];
  /** Where each item's one action is in `entries`. */
  private readonly actionOf = new Map<string, number>();

  constructor(
    readonly scope: Scope,
    readonly table: string,
  ) {}

  put(item: Record<string, unknown>, condition?: Condition): this {
    this.add({
      item: {
        Put: {
          TableName: this.table,
          Item: item,
          ConditionExpression: condition?.expression,
          ExpressionAttributeNames: condition?.names,
          ExpressionAttributeValues: condition?.values,
        },
      },
      onFailed: condition?.onFailed,
    });
    return this;
  }

  update(
    key: Record<string, unknown>,
    update: { expression: string; names?: Record<string, string>; values?: Record<string, unknown> },
    condition?: Condition,
  ): this {
    this.add({
      item: {
        Update: {
          TableName: this.table,
          Key: key,
          UpdateExpression: update.expression,
          ConditionExpression: condition?.expression,
          ExpressionAttributeNames: merge(update.names, condition?.names),
          ExpressionAttributeValues: merge(update.values, condition?.values),
        },
      },
      onFailed: condition?.onFailed,
    });
    return this;
  }

  check(key: Record<string, unknown>, condition: Condition): this {
    this.add({
      item: {
        ConditionCheck: {
          TableName: this.table,
          Key: key,
          ConditionExpression: condition.expression,
          ExpressionAttributeNames: condition.names,
          ExpressionAttributeValues: condition.values,
        },
      },
      onFailed: condition.onFailed,
    });
    return this;
  }

  delete(key: Record<string, unknown>, condition?: Condition): this {
    this.add({
      item: {
        Delete: {
          TableName: this.table,
          Key: key,
          ConditionExpression: condition?.expression,
          ExpressionAttributeNames: condition?.names,
          ExpressionAttributeValues: condition?.values,
        },
      },
      onFailed: condition?.onFailed,
    });
    return this;
  }

  private add(entry: WriteEntry): this {
    const item = itemOfAction(entry.item);
    const at = this.actionOf.get(item);
    if (at === undefined) {
      this.actionOf.set(item, this.entries.length);
      this.entries.push(entry);
    } else this.entries[at] = joinActions(this.entries[at], entry);
    return this;
  }

  /** Record an event in this same transaction. The only way any operation records an event. */
  recordEvent(event: PendingEvent): this {
    this.events.push(event);
    return this;
  }
}

function merge<T>(a?: Record<string, T>, b?: Record<string, T>): Record<string, T> | undefined {
  if (!a && !b) return undefined;
  return { ...a, ...b };
}
