import type { TransactWriteCommandInput } from './dynamodb';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
type Names = Record<string, string>;
type Values = Record<string, unknown>;

/** One action of a transaction and the refusal its condition stands for (a WriteSet's entry). */
interface Action {
  item: TransactItem;
  onFailed?: () => Error;
}

/** The item an action is on: its table and key, as one string. */
export function itemOfAction(item: TransactItem): string {
  const key = item.Put ? item.Put.Item : (item.Update ?? item.ConditionCheck ?? item.Delete)?.Key;
  const table = (item.Put ?? item.Update ?? item.ConditionCheck ?? item.Delete)?.TableName;
  return `${table}\n${key?.pk as string}\n${key?.sk as string}`;
}

/**
 * DynamoDB allows ONE action per item in a TransactWriteItems (a second one refuses the whole
 * transaction), yet one operation may touch an item twice: a requirement opened or closed moves its
 * company's open-requirement count (an `ADD` on the company item) in the same transaction that
 * checks, updates or writes the company. The second action on an item therefore joins the first:
 *
 * - two checks, or a check and an update: one action holding both conditions (ANDed);
 * - two updates: their SET, REMOVE, ADD and DELETE clauses together, two `ADD`s of one number summed
 *   (several requirements opened together move the count once, by their sum);
 * - a whole-item Put and `ADD`s of numbers: the Put writes the sums (a new company starts at the count
 *   its own transaction opens); a Put and a check: the Put with both conditions.
 *
 * Placeholders that clash (`:v` meaning two values) are renamed; the joined action fails as the later
 * action's condition says when it has one: the later action is the item's own write (a company
 * change, whose refusal makes the caller re-read and decide again), else the earlier one's. Anything
 * else (a Delete, an update of an attribute another action also sets) is a mistake in the caller and
 * throws.
 */
export function joinActions(first: Action, second: Action): Action {
  const onFailed = second.onFailed ?? first.onFailed;
  const a = first.item;
  const b = second.item;
  if (a.Delete || b.Delete) throw cannotJoin(a, 'a Delete');
  if (a.ConditionCheck && b.ConditionCheck) {
    const joined = joinParts(a.ConditionCheck, b.ConditionCheck);
    return { item: { ConditionCheck: { ...a.ConditionCheck, ...pruned(joined) } }, onFailed };
  }
  if (a.Put || b.Put) {
    if (a.Put && b.Put) throw cannotJoin(a, 'two Puts');
    const put = (a.Put ?? b.Put)!;
    const other = a.Put ? b : a;
    const joined = joinParts(put, (other.Update ?? other.ConditionCheck)!);
    // `joined.update` is the other action's update with its placeholders as they now stand.
    const item = other.Update ? withSums(put.Item!, joined.update, joined.names, joined.values) : put.Item!;
    return { item: { Put: { ...put, ...pruned({ ...joined, update: undefined }), Item: item } }, onFailed };
  }
  const joined = joinParts((a.Update ?? a.ConditionCheck)!, (b.Update ?? b.ConditionCheck)!);
  const base = (a.Update ?? b.Update)!;
  return { item: { Update: { ...base, ...pruned(joined), UpdateExpression: joined.update } }, onFailed };
}

/** Both actions' conditions, placeholders and update clauses as one action's (the second's clashing placeholders renamed). */
function joinParts(
  a: { ConditionExpression?: string; ExpressionAttributeNames?: Names; ExpressionAttributeValues?: Values; UpdateExpression?: string },
  b: { ConditionExpression?: string; ExpressionAttributeNames?: Names; ExpressionAttributeValues?: Values; UpdateExpression?: string },
) {
  const names = { ...a.ExpressionAttributeNames };
  const values = { ...a.ExpressionAttributeValues };
  const rename = new Map<string, string>();
  for (const [ph, name] of Object.entries(b.ExpressionAttributeNames ?? {})) adopt(ph, name, names, rename, (x, y) => x === y);
  for (const [ph, value] of Object.entries(b.ExpressionAttributeValues ?? {}))
    adopt(ph, value, values, rename, (x, y) => JSON.stringify(x) === JSON.stringify(y));
  const renamed = (expression?: string) => expression?.replace(PLACEHOLDER, (ph) => rename.get(ph) ?? ph);
  const conditions = [a.ConditionExpression, renamed(b.ConditionExpression)].filter((c): c is string => !!c);
  const condition = conditions.length > 1 ? conditions.map((c) => `(${c})`).join(' AND ') : conditions[0];
  const update = joinUpdates(a.UpdateExpression, renamed(b.UpdateExpression), names, values);
  return { condition, names, values, update };
}

const PLACEHOLDER = /[#:][A-Za-z0-9_]+/g;

/** Takes `ph` into `into`, under a new placeholder when `into` already uses it for something else. */
function adopt<T>(ph: string, value: T, into: Record<string, T>, rename: Map<string, string>, same: (x: T, y: T) => boolean): void {
  if (!(ph in into) || same(into[ph], value)) {
    into[ph] = value;
    return;
  }
  let n = 1;
  while (`${ph}_${n}` in into) n++;
  rename.set(ph, `${ph}_${n}`);
  into[`${ph}_${n}`] = value;
}

const CLAUSE_KEYWORDS = ['SET', 'REMOVE', 'ADD', 'DELETE'] as const;
type Keyword = (typeof CLAUSE_KEYWORDS)[number];
// The keywords are reserved words: in an expression they only ever start a clause.
const KEYWORD = /(?<![#:\w])(SET|REMOVE|ADD|DELETE)(?!\w)/gi;

/** An update expression's actions by clause ("SET #a = :a, #b = :b ADD #n :d" → SET: 2, ADD: 1). */
function clausesOf(expression: string | undefined): Record<Keyword, string[]> {
  const clauses: Record<Keyword, string[]> = { SET: [], REMOVE: [], ADD: [], DELETE: [] };
  if (!expression) return clauses;
  const starts = [...expression.matchAll(KEYWORD)];
  starts.forEach((m, i) => {
    const body = expression.slice(m.index + m[0].length, starts[i + 1]?.index ?? expression.length);
    clauses[m[0].toUpperCase() as Keyword].push(...splitTopLevel(body));
  });
  return clauses;
}

/** A clause's actions: split on the commas outside parentheses (`list_append(#a, :b)` is one). */
function splitTopLevel(body: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    if (body[i] === '(') depth++;
    else if (body[i] === ')') depth--;
    else if (body[i] === ',' && depth === 0) {
      parts.push(body.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(body.slice(start));
  return parts.map((p) => p.trim()).filter(Boolean);
}

/** The top-level attribute an action of a clause writes (`#a.b[0] = :x` → the name `#a` stands for). */
function targetOf(keyword: Keyword, action: string, names: Names): string {
  const path = keyword === 'SET' ? action.split('=')[0] : action.split(/\s+/)[0];
  const top = path.trim().split(/[.[]/)[0];
  return names[top] ?? top;
}

/** Two update expressions as one: clauses together, `ADD`s of one number summed; any other overlap throws. */
function joinUpdates(a: string | undefined, b: string | undefined, names: Names, values: Values): string | undefined {
  if (!a && !b) return undefined;
  const ca = clausesOf(a);
  const cb = clausesOf(b);
  const adds = new Map<string, { path: string; value: string }>();
  let sums = 0;
  for (const action of [...ca.ADD, ...cb.ADD]) {
    const [path, value] = action.split(/\s+/);
    const target = targetOf('ADD', action, names);
    const seen = adds.get(target);
    if (!seen) {
      adds.set(target, { path, value });
      continue;
    }
    const [x, y] = [values[seen.value], values[value]];
    if (typeof x !== 'number' || typeof y !== 'number') throw new Error(`two ADDs of '${target}' that are not numbers cannot be joined`);
    let sum = `:sum${sums++}`;
    while (sum in values) sum = `:sum${sums++}`;
    values[sum] = x + y;
    adds.set(target, { path: seen.path, value: sum });
  }
  const joined: Record<Keyword, string[]> = {
    SET: [...ca.SET, ...cb.SET],
    REMOVE: [...ca.REMOVE, ...cb.REMOVE],
    ADD: [...adds.values()].map(({ path, value }) => `${path} ${value}`),
    DELETE: [...ca.DELETE, ...cb.DELETE],
  };
  const written = new Set<string>();
  for (const keyword of CLAUSE_KEYWORDS)
    for (const action of joined[keyword]) {
      const target = targetOf(keyword, action, names);
      if (written.has(target)) throw new Error(`'${target}' is written by two actions on one item: they cannot be joined`);
      written.add(target);
    }
  return CLAUSE_KEYWORDS.filter((k) => joined[k].length)
    .map((k) => `${k} ${joined[k].join(', ')}`)
    .join(' ');
}

/** A Put's item with the numbers the update ADDs added to it (ADD on an absent number starts from 0, as DynamoDB's does). */
function withSums(item: Record<string, unknown>, update: string | undefined, names: Names, values: Values): Record<string, unknown> {
  const clauses = clausesOf(update);
  if (clauses.SET.length || clauses.REMOVE.length || clauses.DELETE.length) throw new Error('a Put can only absorb ADDs of numbers');
  const out = { ...item };
  for (const action of clauses.ADD) {
    const target = targetOf('ADD', action, names);
    const delta = values[action.split(/\s+/)[1]];
    const base = out[target] ?? 0;
    if (typeof delta !== 'number' || typeof base !== 'number') throw new Error(`a Put can only absorb ADDs of numbers ('${target}')`);
    out[target] = base + delta;
  }
  return out;
}

/** The joined action's expressions, with only the placeholders they still use (DynamoDB refuses unused ones). */
function pruned(joined: { condition?: string; names: Names; values: Values; update?: string }) {
  const used = new Set(
    [...(joined.condition ?? '').matchAll(PLACEHOLDER), ...(joined.update ?? '').matchAll(PLACEHOLDER)].map((m) => m[0]),
  );
  const keep = <T>(map: Record<string, T>) => {
    const kept = Object.fromEntries(Object.entries(map).filter(([ph]) => used.has(ph)));
    return Object.keys(kept).length ? kept : undefined;
  };
  return {
    ConditionExpression: joined.condition,
    ExpressionAttributeNames: keep(joined.names),
    ExpressionAttributeValues: keep(joined.values),
  };
}

function cannotJoin(item: TransactItem, what: string): Error {
  return new Error(`${what} on one item cannot be joined in a transaction (${itemOfAction(item).replace(/\n/g, ' ')})`);
}
