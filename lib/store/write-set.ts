import type { TransactWriteCommandInput } from './dynamodb';
import type { Scope } from '../scope';
import type { PendingEvent } from './event';
import { isChangeEvent } from '../resources/event';
import { type Condition, mergeUpdates, renderExpressions, type Update, withAdds } from './expression';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** A condition of a write, and what the caller is told when it fails (a guard item, an illegal transition…). */
export interface Guard {
  condition: Condition;
  onFailed?: () => Error;
}

/** One action of a transaction as sent: rendered, with the refusal its condition stands for. */
export interface WriteEntry {
  item: TransactItem;
  onFailed?: () => Error;
}

type Key = Record<string, unknown>;

/** One item's one action, as data until the transaction is sent. */
export type WriteAction =
  | { kind: 'put'; item: Record<string, unknown>; conditions: Condition[]; onFailed?: () => Error }
  | { kind: 'update'; key: Key; update: Update; conditions: Condition[]; onFailed?: () => Error }
  | { kind: 'check'; key: Key; conditions: Condition[]; onFailed?: () => Error }
  | { kind: 'delete'; key: Key; conditions: Condition[]; onFailed?: () => Error };

/**
 * Everything one operation changes, committed as ONE TransactWriteItems together with the events it
 * records (the transactional outbox): no event without its change, no change without its event.
 * Build it, then hand it to `commit()` (lib/event-log/commit.ts).
 *
 * DynamoDB allows ONE action per item in a transaction, yet one operation may touch an item twice: a
 * requirement opened or closed moves its company's open-requirement count (an add on the company
 * item) in the same transaction that checks, updates or writes the company. Actions are held as data
 * (lib/store/expression.ts), so a second action on an item joins the first as objects:
 *
 * - two checks, or a check and an update: one action holding both conditions (ANDed);
 * - two updates: their sets and removes together, two adds of one number summed;
 * - a whole-item put and adds of numbers: the put writes the sums (a new company starts at the count
 *   its own transaction opens); a put and a check: the put with both conditions.
 *
 * The joined action fails as the later action's guard says when it has one: the later action is the
 * item's own write (a company change, whose refusal makes the caller re-read and decide again), else
 * the earlier one's. Anything else (a delete, an attribute written twice) is a mistake in the caller
 * and throws. Expressions are rendered when the transaction is sent (`entries`).
 */
export class WriteSet {
  readonly events: PendingEvent[] = [];
  private readonly held: WriteAction[] = [];
  /** Where each item's one action is in `held`. */
  private readonly actionOf = new Map<string, number>();
  private rendered?: WriteEntry[];

  constructor(
    readonly scope: Scope,
    readonly table: string,
  ) {}

  put(item: Record<string, unknown>, guard?: Guard): this {
    return this.add({ kind: 'put', item, conditions: guard ? [guard.condition] : [], onFailed: guard?.onFailed });
  }

  update(key: Key, update: Update, guard?: Guard): this {
    return this.add({ kind: 'update', key, update, conditions: guard ? [guard.condition] : [], onFailed: guard?.onFailed });
  }

  check(key: Key, guard: Guard): this {
    return this.add({ kind: 'check', key, conditions: [guard.condition], onFailed: guard.onFailed });
  }

  delete(key: Key, guard?: Guard): this {
    return this.add({ kind: 'delete', key, conditions: guard ? [guard.condition] : [], onFailed: guard?.onFailed });
  }

  /**
   * Record an event in this same transaction. The only way any operation records an event. A change
   * event carries what it changed (`previous`), and no other event does: refused otherwise, before
   * anything is written.
   */
  recordEvent(event: PendingEvent): this {
    if (isChangeEvent(event.type) !== (event.previous !== undefined)) {
      throw new Error(`${event.type} ${isChangeEvent(event.type) ? 'needs' : 'takes no'} previous attributes`);
    }
    this.events.push(event);
    return this;
  }

  /** The actions as data, one per item, in the order their items were first touched. */
  get actions(): readonly WriteAction[] {
    return this.held;
  }

  /** The actions as the transaction sends them: each rendered into DynamoDB's expressions. */
  get entries(): WriteEntry[] {
    this.rendered ??= this.held.map((action) => ({ item: transactItemOf(this.table, action), onFailed: action.onFailed }));
    return this.rendered;
  }

  private add(action: WriteAction): this {
    this.rendered = undefined;
    const item = itemIdOf(action);
    const at = this.actionOf.get(item);
    if (at === undefined) {
      this.actionOf.set(item, this.held.length);
      this.held.push(action);
    } else this.held[at] = joinActions(this.held[at], action);
    return this;
  }
}

const keyOf = (action: WriteAction): Key => (action.kind === 'put' ? action.item : action.key);
const itemIdOf = (action: WriteAction) => `${keyOf(action).pk as string}\n${keyOf(action).sk as string}`;

/** Two actions on one item as one (the rules on `WriteSet`). */
function joinActions(first: WriteAction, second: WriteAction): WriteAction {
  const conditions = [...first.conditions, ...second.conditions];
  const onFailed = second.onFailed ?? first.onFailed;
  if (first.kind === 'delete' || second.kind === 'delete') throw cannotJoin(first, 'a delete');
  if (first.kind === 'put' || second.kind === 'put') {
    if (first.kind === 'put' && second.kind === 'put') throw cannotJoin(first, 'two puts');
    const [put, other] = first.kind === 'put' ? [first, second] : [second as typeof first, first];
    if (put.kind !== 'put') throw cannotJoin(first, 'a put');
    const item = other.kind === 'update' ? withAdds(put.item, other.update) : put.item;
    return { kind: 'put', item, conditions, onFailed };
  }
  if (first.kind === 'check' && second.kind === 'check') return { kind: 'check', key: first.key, conditions, onFailed };
  const update =
    first.kind === 'update' && second.kind === 'update'
      ? mergeUpdates(first.update, second.update)
      : first.kind === 'update'
        ? first.update
        : (second as Extract<WriteAction, { kind: 'update' }>).update;
  return { kind: 'update', key: first.key, update, conditions, onFailed };
}

function cannotJoin(action: WriteAction, what: string): Error {
  return new Error(`${what} on one item cannot be joined in a transaction (${itemIdOf(action).replace('\n', ' ')})`);
}

/** An action as one entry of TransactWriteItems. */
export function transactItemOf(table: string, action: WriteAction): TransactItem {
  const { UpdateExpression, ...condition } = renderExpressions(action.kind === 'update' ? action.update : undefined, action.conditions);
  switch (action.kind) {
    case 'put':
      return { Put: { TableName: table, Item: action.item, ...condition } };
    case 'update':
      return { Update: { TableName: table, Key: action.key, UpdateExpression, ...condition } };
    case 'check':
      return { ConditionCheck: { TableName: table, Key: action.key, ConditionExpression: condition.ConditionExpression!, ...condition } };
    case 'delete':
      return { Delete: { TableName: table, Key: action.key, ...condition } };
  }
}
